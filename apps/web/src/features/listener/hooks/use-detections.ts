import type { Detection } from '@tonemark/audio';
import type { DeviceType, ListenerTrigger } from '@tonemark/shared';
import { useCallback, useState } from 'react';
import { prependCapped } from '@/lib/prepend-capped';
import { useRealtime } from '@/lib/realtime/realtime-provider';
import { type DetectionRecord, toDetectionRecord } from '../lib/detection-list';
import { runTriggerAction } from '../lib/run-action';

type DetectedTrigger = Pick<ListenerTrigger, 'id' | 'name' | 'type' | 'action' | 'actionData'>;

/** The server caps osVersion at 300 characters; long user agents are cut, not rejected. */
function osVersion(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return agent ? agent.slice(0, 300) : 'Web';
}

/** The engine's figures, within the contract's ranges (an engine may report what the server would refuse). */
export function qualityOf(detection: Detection | undefined): {
  score?: number;
  snrDb?: number;
  speed?: number;
  tempo?: number;
} {
  if (!detection) return {};
  const within = (value: number | undefined, min: number, max: number) =>
    value !== undefined && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : undefined;
  return {
    score: within(detection.score, 0, 1),
    snrDb: within(detection.snrDb, -200, 200),
    speed: within(detection.speed, 0.1, 10),
    tempo: within(detection.tempo, 0.1, 10),
  };
}

/**
 * SPEC §4 detection: prepend to the list (max 10), show a notice, send DETECT_TRIGGER over the
 * live channel and run the action. `record` only lists (for simulations, which are not activations).
 */
export function useDetections(deviceType: DeviceType) {
  const realtime = useRealtime();
  const [detections, setDetections] = useState<DetectionRecord[]>([]);

  const record = useCallback((trigger: DetectedTrigger, quality?: Pick<Detection, 'snrDb' | 'score'>) => {
    setDetections((list) =>
      prependCapped(
        list,
        toDetectionRecord(trigger, new Date(), { snrDb: quality?.snrDb, score: quality?.score }),
      ),
    );
  }, []);

  const detect = useCallback(
    (trigger: DetectedTrigger, detection?: Detection) => {
      record(trigger, detection);
      realtime.send({
        type: 'DETECT_TRIGGER',
        triggerId: trigger.id,
        activationId: crypto.randomUUID(),
        detectedAt: new Date().toISOString(),
        deviceType,
        osVersion: osVersion(),
        batteryImpact: 2,
        ...qualityOf(detection),
      });
      runTriggerAction(trigger);
    },
    [deviceType, realtime, record],
  );

  return { detections, detect, record };
}
