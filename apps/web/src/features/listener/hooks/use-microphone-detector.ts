import type { Detection, Detector, TriggerSpec } from '@tonemark/audio';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listenerDetectorKind } from '../lib/detector-choice';
import { LISTENER_BAR_COUNT, levelBars } from '../lib/level-bars';
import { type MicrophoneCapture, openMicrophone } from '../lib/microphone-capture';

export type MicrophoneState = 'idle' | 'starting' | 'listening';

export interface DetectionPacing {
  /** Minimum time between two detections of one trigger (engine default 2000 ms; background 3000 ms). */
  cooldownMs?: number;
  /** The background service counts only the first matching trigger per block (SPEC §4). */
  firstOnly?: boolean;
}

export interface MicrophoneDetectorOptions {
  /** The engine's whole Detection: which trigger, and its quality figures (score, SNR, speed). */
  onDetect: (detection: Detection) => void;
}

interface Session {
  capture: MicrophoneCapture;
  detector: Detector;
  frame: number;
}

const SILENT = new Array<number>(LISTENER_BAR_COUNT).fill(0);
const LEVEL_INTERVAL_MS = 60;

/** The real microphone fed to the robust detector, with level bars from the same signal. */
export function useMicrophoneDetector(options: MicrophoneDetectorOptions) {
  const [state, setState] = useState<MicrophoneState>('idle');
  const [levels, setLevels] = useState<number[]>(SILENT);
  const [error, setError] = useState<string | null>(null);
  const session = useRef<Session | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const stop = useCallback(async () => {
    const current = session.current;
    session.current = null;
    setState('idle');
    setLevels(SILENT);
    if (!current) return;
    cancelAnimationFrame(current.frame);
    await current.capture.stop();
  }, []);

  const start = useCallback(
    async (triggers: TriggerSpec[], pacing: DetectionPacing = {}): Promise<boolean> => {
      if (session.current) return true;
      setState('starting');
      setError(null);
      let detector: Detector | null = null;
      try {
        // The detector engine loads with the first Start, not with the page (listener-entry.md).
        const enginePromise = import('@tonemark/audio');
        const capture = await openMicrophone((block) => {
          const hits = detector?.push(block) ?? [];
          const counted = pacing.firstOnly ? hits.slice(0, 1) : hits;
          for (const hit of counted) latest.current.onDetect(hit);
        });
        const { createDetector } = await enginePromise;
        detector = createDetector(listenerDetectorKind(window.location.search), {
          sampleRate: capture.sampleRate,
          triggers,
          cooldownMs: pacing.cooldownMs,
        });
        const current: Session = { capture, detector, frame: 0 };
        session.current = current;
        const bins = new Uint8Array(capture.analyser.frequencyBinCount);
        let lastDraw = 0;
        const draw = (now: number) => {
          if (session.current !== current) return;
          if (now - lastDraw >= LEVEL_INTERVAL_MS) {
            lastDraw = now;
            capture.analyser.getByteFrequencyData(bins);
            setLevels(levelBars(bins));
          }
          current.frame = requestAnimationFrame(draw);
        };
        current.frame = requestAnimationFrame(draw);
        setState('listening');
        return true;
      } catch (cause) {
        // SPEC §8: microphone refusal is logged and the call returns false; the page says why.
        console.error('[listener] could not start the microphone', cause);
        setError(cause instanceof Error ? cause.message : String(cause));
        setState('idle');
        return false;
      }
    },
    [],
  );

  const setTriggers = useCallback((triggers: TriggerSpec[]) => {
    session.current?.detector.setTriggers(triggers);
  }, []);

  useEffect(
    () => () => {
      void stop();
    },
    [stop],
  );

  return { state, levels, error, start, stop, setTriggers };
}
