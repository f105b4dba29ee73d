import { type Detection, type Detector, FieldDetector } from '@tonemark/audio';

/**
 * One part of the dual detector (coherent or field) wrapped so that its own reports reach
 * `onReport` before the dual detector merges them: the trace tools (fp-trace, codec-trace) name
 * which part found what. A field detector keeps the reading methods the dual detector looks for
 * (`heardAsOther`, `heardAsMade`, `streamDisagrees`), so the traced dual detector decides as the
 * shipped one does.
 */
export function taggedDetector(d: Detector, onReport: (report: Detection) => void): Detector {
  return {
    ...(d instanceof FieldDetector
      ? {
          heardAsOther: (id: string | number, a: number, b: number) => d.heardAsOther(id, a, b),
          heardAsMade: (id: string | number, a: number, b: number) => d.heardAsMade(id, a, b),
          streamDisagrees: (speed: number, tempo: number) => d.streamDisagrees(speed, tempo),
        }
      : {}),
    kind: d.kind,
    push: (b) => {
      const out = d.push(b);
      for (const x of out) onReport(x);
      return out;
    },
    reset: () => d.reset(),
    setTriggers: (t) => d.setTriggers(t),
  };
}
