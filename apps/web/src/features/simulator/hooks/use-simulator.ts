import type { Trigger } from '@tonemark/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { toTriggerSpec, useDetections, useMicrophoneDetector } from '@/features/listener';
import { useTriggers } from '@/features/triggers';
import { toast } from '@/hooks/use-toast';
import { ERROR_TEXTS } from '@/lib/error-texts';
import { useRealtimeMessages } from '@/lib/realtime/realtime-provider';

/**
 * SPEC §2.8: the creator's phone in the browser. It hears the user's active triggers through the
 * real microphone (detections count as 'Mobile Simulator' activations) and lists the simulations
 * sent from Test buttons over the live channel.
 */
export function useSimulator() {
  const triggersQuery = useTriggers();
  const { detections, detect, record } = useDetections('Mobile Simulator');
  const active = useMemo(
    () => (triggersQuery.data ?? []).filter((trigger) => trigger.status === 'active'),
    [triggersQuery.data],
  );
  const activeRef = useRef<Trigger[]>(active);
  activeRef.current = active;

  const microphone = useMicrophoneDetector({
    onDetect: (detection) => {
      const trigger = activeRef.current.find((candidate) => candidate.id === Number(detection.triggerId));
      if (trigger) detect(trigger, detection);
    },
  });
  const { setTriggers } = microphone;
  useEffect(() => setTriggers(active.map(toTriggerSpec)), [active, setTriggers]);

  // A simulation is a test, not a detection: it is listed, but not recorded as an activation.
  useRealtimeMessages((message) => {
    if (message.type !== 'SIMULATE_TRIGGER') return;
    record(message.trigger);
    toast({ title: 'Testing Trigger', description: `Simulated: ${message.trigger.name}` });
  });

  const start = useCallback(() => {
    if (active.length === 0) {
      toast({ title: ERROR_TEXTS.noActiveTriggersTitle, description: ERROR_TEXTS.noActiveTriggersText });
      return;
    }
    void microphone.start(active.map(toTriggerSpec));
  }, [active, microphone]);

  return { triggersQuery, detections, microphone, start };
}
