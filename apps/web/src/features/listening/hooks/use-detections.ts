import type { DeviceType, ListenerTrigger } from '@tonemark/shared';
import { useCallback, useState } from 'react';
import { useRealtime } from '@/lib/realtime/realtime-provider';
import { type DetectionRecord, prependCapped, toDetectionRecord } from '../lib/detection-list';
import { runTriggerAction } from '../lib/run-action';

type DetectedTrigger = Pick<ListenerTrigger, 'id' | 'name' | 'type' | 'action' | 'actionData'>;

/** The server caps osVersion at 300 characters; long user agents are cut, not rejected. */
function osVersion(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return agent ? agent.slice(0, 300) : 'Web';
}

/**
 * SPEC §4 detection: prepend to the list (max 10), show a notice, send DETECT_TRIGGER over the
 * live channel and run the action. `record` only lists (for simulations, which are not activations).
 */
export function useDetections(deviceType: DeviceType) {
  const realtime = useRealtime();
  const [detections, setDetections] = useState<DetectionRecord[]>([]);

  const record = useCallback((trigger: DetectedTrigger) => {
    setDetections((list) => prependCapped(list, toDetectionRecord(trigger)));
  }, []);

  const detect = useCallback(
    (trigger: DetectedTrigger) => {
      record(trigger);
      realtime.send({
        type: 'DETECT_TRIGGER',
        triggerId: trigger.id,
        deviceType,
        osVersion: osVersion(),
        batteryImpact: 2,
      });
      runTriggerAction(trigger);
    },
    [deviceType, realtime, record],
  );

  return { detections, detect, record };
}
