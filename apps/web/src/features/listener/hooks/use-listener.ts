import { useQueryClient } from '@tanstack/react-query';
import type { Detection } from '@tonemark/audio';
import type { Catalogue } from '@tonemark/shared';
import { useCallback, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { ERROR_TEXTS } from '@/lib/error-texts';
import { useRealtimeMessages } from '@/lib/realtime/realtime-provider';
import { getCatalogueQueryOptions, listeningScopeOf, useCatalogue } from '../api/get-catalogue';
import { MIN_TIME_BETWEEN_DETECTIONS_MS } from '../lib/detection-timing';
import { BACKGROUND_SERVICE_CONFIG, detectNativeBackground } from '../lib/native-background';
import { useBackgroundMode } from './use-background-mode';
import { useListenerDetections } from './use-listener-detections';
import { useMicrophoneDetector } from './use-microphone-detector';

export type ListenerState = 'idle' | 'starting' | 'listening' | 'native';

function backgroundFailed() {
  toast({
    title: 'Background Service Failed',
    description: 'Falling back to web listening.',
    variant: 'destructive',
  });
}

/** What the detector needs of a catalogue entry: its id, tones and timing. */
function toSpecs(catalogue: Catalogue) {
  return catalogue.triggers.map((entry) => ({
    id: entry.publicTriggerId,
    frequencyPattern: entry.frequencyPattern,
    durationMs: entry.durationMs,
    signal: entry.signal,
  }));
}

/**
 * SPEC §4 listener: Start loads the catalogue (from the network, else the last one seen), then
 * listens natively or in the page; Stop releases the microphone. Detections go through the
 * listener protocol (use-listener-detections).
 */
export function useListener() {
  // Read once: a listening link names its triggers in the address the page was opened with.
  const [scope] = useState(() => listeningScopeOf(window.location.search));
  const catalogueQuery = useCatalogue(scope);
  const queryClient = useQueryClient();
  const background = useBackgroundMode();
  const { detections, detect, queued, online } = useListenerDetections((name) =>
    background.notify('Trigger Detected', name),
  );
  const [native] = useState(() => detectNativeBackground(window));
  const [nativeListening, setNativeListening] = useState(false);
  const [starting, setStarting] = useState(false);
  const catalogue = useRef<Catalogue | undefined>(undefined);

  const onDetect = useCallback(
    (detection: Detection) => {
      const entry = catalogue.current?.triggers.find(
        (t) => t.publicTriggerId === String(detection.triggerId),
      );
      if (entry) detect(entry, detection);
    },
    [detect],
  );
  const microphone = useMicrophoneDetector({ onDetect });
  const { setTriggers } = microphone;

  // A creator changed a trigger: listen for the new set without a restart.
  useRealtimeMessages((message) => {
    if (message.type !== 'CATALOGUE_CHANGED' || message.version === catalogue.current?.version) return;
    void queryClient
      .fetchQuery({ ...getCatalogueQueryOptions(scope), staleTime: 0 })
      .then((fresh) => {
        catalogue.current = fresh;
        setTriggers(toSpecs(fresh));
      })
      .catch((error: unknown) => console.error('[listener] catalogue refresh failed', error));
  });

  const start = useCallback(async () => {
    setStarting(true);
    try {
      const result = await catalogueQuery.refetch();
      if (result.isError || !result.data) {
        // A listening link the server refuses was cut short or edited: say so, not just the 400.
        const refused = result.error instanceof ApiError && result.error.status === 400 ? result.error : null;
        const brokenLink = scope !== undefined && refused !== null;
        toast({
          title: brokenLink ? 'This listening link does not work' : 'Error',
          description: brokenLink
            ? `Check that the whole link was copied, or listen for every trigger instead (${refused.message}).`
            : errorMessage(result.error, 'Failed to load triggers'),
          variant: 'destructive',
        });
        return;
      }
      catalogue.current = result.data;
      // The catalogue holds only active triggers, so an empty one is SPEC §4's "none are active".
      if (result.data.triggers.length === 0) {
        toast({ title: ERROR_TEXTS.noActiveTriggersTitle, description: ERROR_TEXTS.noActiveTriggersText });
        return;
      }
      let backgroundPacing = false;
      if (native?.kind === 'bridge') {
        try {
          const started = await native.bridge.startBackgroundListening(
            { config: BACKGROUND_SERVICE_CONFIG, triggers: result.data.triggers },
            (publicTriggerId, quality) =>
              onDetect({
                triggerId: publicTriggerId,
                timeSec: 0,
                score: quality?.score ?? 1,
                snrDb: quality?.snrDb,
              }),
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
        toSpecs(result.data),
        backgroundPacing ? { cooldownMs: MIN_TIME_BETWEEN_DETECTIONS_MS, firstOnly: true } : {},
      );
    } finally {
      setStarting(false);
    }
  }, [catalogueQuery, microphone, native, onDetect, scope]);

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
    queued,
    online,
    triggerCount: catalogueQuery.data?.triggers.length,
    /** Opened from a listening link: only that link's triggers are listened for. */
    scoped: scope !== undefined,
    native,
    background,
    start,
    stop,
  };
}
