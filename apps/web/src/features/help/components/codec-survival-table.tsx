import { type LossyCodec, MIN_SURVIVING_KBPS } from '@tonemark/audio';
import { TRIGGER_SIGNALS } from '@tonemark/shared';
import { TRIGGER_SIGNAL_INFO } from '@/lib/trigger-signal-info';

const CODECS: { codec: LossyCodec; name: string }[] = [
  { codec: 'mp3', name: 'MP3' },
  { codec: 'aac', name: 'AAC' },
  { codec: 'opus', name: 'Opus' },
];

/** The measured table the embed tools warn from, in a creator's words (stereo, 96-256 kb/s). */
export function CodecSurvivalTable() {
  return (
    <div className="grid gap-1" data-testid="codec-survival-table">
      <p className="text-xs text-slate-500">
        Lowest stereo bitrate at which every trigger was still detected after the encode (measured at 96, 128,
        192 and 256 kb/s):
      </p>
      <table className="w-full text-left text-xs">
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Signal
            </th>
            {CODECS.map(({ name }) => (
              <th key={name} scope="col" className="py-1 pr-3 font-medium">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {TRIGGER_SIGNALS.map((signal) => (
            <tr key={signal}>
              <th scope="row" className="py-1 pr-3 font-medium text-slate-800">
                {TRIGGER_SIGNAL_INFO[signal].label}
              </th>
              {CODECS.map(({ codec }) => {
                const min = MIN_SURVIVING_KBPS[signal][codec];
                return (
                  <td key={codec} className={min === undefined ? 'py-1 pr-3 text-red-700' : 'py-1 pr-3'}>
                    {min === undefined ? 'not reliably' : `≥ ${min} kb/s`}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
