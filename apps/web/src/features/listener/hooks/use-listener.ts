import { ERROR_TEXTS, type ListenerTrigger, MIN_TIME_BETWEEN_DETECTIONS_MS } from '@tonemark/shared';
import { useCallback, useRef, useState } from 'react';
import { useDetections } from '@/features/listening/hooks/use-detections';
import { useMicrophoneDetector } from '@/features/listening/hooks/use-microphone-detector';
import { toTriggerSpec } from '@/features/listening/lib/trigger-spec';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useListenerTriggers } from '../api/get-listener-triggers';
import { BACKGROUND_SERVICE_CONFIG, detectNativeBackground } from '../lib/native-background';
import { useBackgroundMode } from './use-background-mode';

export type ListenerState = 'idle' | 'starting' | 'listening' | 'native';

function backgroundFailed() {
  toast({
    title: 'Background Service Failed',
    description: 'Falling back to web listening.',
    variant: 'destructive',
  });
}

/** SPEC §4 listener: Start loads the active triggers, then listens natively or in the page; Stop releases the microphone. */
export function useListener() {
  const triggersQuery = useListenerTriggers();
  const { detections, detect } = useDetections('Web Listener');
  const background = useBackgroundMode();
  const [native] = useState(() => detectNativeBackground(window));
  const [nativeListening, setNativeListening] = useState(false);
  const [starting, setStarting] = useState(false);
  const triggers = useRef<ListenerTrigger[]>([]);

  const onDetect = useCallback(
    (triggerId: number) => {
      const trigger = triggers.current.find((candidate) => candidate.id === triggerId);
      if (!trigger) return;
      detect(trigger);
      background.notify('Trigger Detected', trigger.name);
    },
    [background, detect],
  );
  const microphone = useMicrophoneDetector({ onDetect });

  const start = useCallback(async () => {
    setStarting(true);
    try {
      const result = await triggersQuery.refetch();
      if (result.isError) {
        toast({
          title: 'Error',
          description: errorMessage(result.error, 'Failed to load triggers'),
          variant: 'destructive',
        });
        return;
      }
      triggers.current = result.data ?? [];
      // The public list holds only active triggers, so an empty one is SPEC §4's "none are active".
      if (triggers.current.length === 0) {
        toast({ title: ERROR_TEXTS.noActiveTriggersTitle, description: ERROR_TEXTS.noActiveTriggersText });
        return;
      }
      let backgroundPacing = false;
      if (native?.kind === 'bridge') {
        try {
          const started = await native.bridge.startBackgroundListening(
            { config: BACKGROUND_SERVICE_CONFIG, triggers: triggers.current },
            onDetect,
          );
          if (started) {
            setNativeListening(true);
            return;
          }
        } catch (error) {
          console.error('[listener] background service failed', error);
        }
        backgroundFailed();
      } else if (native?.kind === 'plugin') {
        try {
          await native.plugin.enable();
          backgroundPacing = true;
        } catch (error) {
          console.error('[listener] background mode plugin failed', error);
          backgroundFailed();
        }
      }
      await microphone.start(
        triggers.current.map(toTriggerSpec),
        backgroundPacing ? { cooldownMs: MIN_TIME_BETWEEN_DETECTIONS_MS, firstOnly: true } : {},
      );
    } finally {
      setStarting(false);
    }
  }, [microphone, native, onDetect, triggersQuery]);

  const stop = useCallback(async () => {
    if (native?.kind === 'bridge' && nativeListening) {
      await native.bridge.stopBackgroundListening().catch((error: unknown) => console.error(error));
      setNativeListening(false);
    }
    if (native?.kind === 'plugin') {
      await Promise.resolve(native.plugin.disable()).catch((error: unknown) => console.error(error));
    }
    await microphone.stop();
  }, [microphone, native, nativeListening]);

  let state: ListenerState = 'idle';
  if (nativeListening) state = 'native';
  else if (microphone.state === 'listening') state = 'listening';
  else if (starting || microphone.state === 'starting') state = 'starting';

  return {
    state,
    levels: microphone.levels,
    microphoneError: microphone.error,
    detections,
    triggerCount: triggersQuery.data?.length,
    native,
    background,
    start,
    stop,
  };
}
