import type { Detection } from '@tonemark/audio';
import type { CatalogueEntry, DetectionResult } from '@tonemark/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { prependCapped } from '@/lib/prepend-capped';
import { sendDetections } from '../api/send-detections';
import { type DetectionRecord, toDetectionRecord } from '../lib/detection-list';
import { DetectionOutbox } from '../lib/detection-outbox';
import { listenerDeviceId } from '../lib/device-id';
import { runTriggerAction } from '../lib/run-action';
import { qualityOf } from './use-detections';
import { useOnline } from './use-online';

/** The server caps osVersion at 300 characters; long user agents are cut, not rejected. */
function osVersion(): string {
  return navigator.userAgent ? navigator.userAgent.slice(0, 300) : 'Web';
}

/**
 * What audience segments match on besides the user agent: the browser's language (sent only when
 * it is a plain tag, so an odd value never costs the detection) and the local offset from UTC.
 */
function audienceTraits(at: Date): { language?: string; utcOffsetMinutes: number } {
  const language = navigator.language;
  return {
    ...(language && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/.test(language) ? { language } : {}),
    utcOffsetMinutes: -at.getTimezoneOffset(),
  };
}

/** What a private trigger's row shows until the server names it. */
const WAITING_NAME = 'Trigger detected';

/**
 * The listener protocol on the page: every detection is queued on the device and sent to the
 * server, which answers with the action (or a refusal). A public trigger's action runs at once,
 * from the catalogue, even offline; a private one's runs when the answer comes, and its row says
 * it is waiting for the connection meanwhile.
 */
export function useListenerDetections(onDetected: (name: string) => void) {
  const [detections, setDetections] = useState<DetectionRecord[]>([]);
  const [queued, setQueued] = useState(0);
  const [unreachable, setUnreachable] = useState(false);
  const online = useOnline();
  const deviceId = useRef<string | null>(null);
  // Activation ids whose action has already run (a public one at detection time).
  const ranAction = useRef(new Set<string>());
  const onDetectedRef = useRef(onDetected);
  onDetectedRef.current = onDetected;

  const onResult = useCallback((result: DetectionResult) => {
    if (result.status === 'accepted') {
      const { action } = result;
      if (!ranAction.current.has(result.activationId)) {
        ranAction.current.add(result.activationId);
        runTriggerAction(action);
        onDetectedRef.current(action.name);
      }
      setDetections((list) =>
        list.map((row) =>
          row.key === result.activationId
            ? {
                ...row,
                state: undefined,
                name: action.name,
                type: action.type,
                action: action.action,
                actionData: action.actionData,
              }
            : row,
        ),
      );
      return;
    }
    setDetections((list) =>
      list.map((row) =>
        row.key === result.activationId && row.state === 'waiting'
          ? { ...row, state: 'refused', note: result.message }
          : row,
      ),
    );
  }, []);

  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;
  const [outbox] = useState(
    () =>
      new DetectionOutbox({
        storage: localStorage,
        send: sendDetections,
        onResult: (result) => onResultRef.current(result),
        onChange: (size, noAnswer) => {
          setQueued(size);
          setUnreachable(noAnswer);
        },
      }),
  );

  useEffect(() => {
    setQueued(outbox.size);
    void outbox.flush();
    return () => outbox.stop();
  }, [outbox]);
  // The network is back: deliver what waited, without waiting for the backoff.
  useEffect(() => {
    if (online) void outbox.flush();
  }, [online, outbox]);

  const detect = useCallback(
    (entry: CatalogueEntry, detection: Detection) => {
      const activationId = crypto.randomUUID();
      const at = new Date();
      const quality = qualityOf(detection);
      deviceId.current ??= listenerDeviceId();
      const pub = entry.publicAction;
      const row = toDetectionRecord(
        pub
          ? { id: 0, name: pub.name, type: pub.type, action: pub.action, actionData: pub.actionData }
          : { id: 0, name: WAITING_NAME, type: 'CUSTOM', action: 'CUSTOM_ACTION', actionData: '' },
        at,
        { key: activationId, state: pub ? undefined : 'waiting', snrDb: quality.snrDb, score: quality.score },
      );
      setDetections((list) => prependCapped(list, row));
      if (pub) {
        ranAction.current.add(activationId);
        runTriggerAction(pub);
        onDetectedRef.current(pub.name);
      }
      outbox.add({
        activationId,
        publicTriggerId: entry.publicTriggerId,
        detectedAt: at.toISOString(),
        deviceId: deviceId.current,
        deviceType: 'Web Listener',
        osVersion: osVersion(),
        batteryImpact: 2,
        ...quality,
        ...audienceTraits(at),
      });
    },
    [outbox],
  );

  // Offline as far as the listener is concerned: the browser says so, or the server did not answer.
  return { detections, detect, queued, online: online && !(unreachable && queued > 0) };
}
