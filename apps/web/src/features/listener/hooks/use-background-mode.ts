import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { webBackgroundSupport } from '../lib/native-background';

/**
 * Background mode from what the browser really offers: a screen wake lock keeps the device (and
 * the microphone) awake, and notifications tell the user of a detection while the tab is hidden.
 */
export function useBackgroundMode() {
  const [support] = useState(webBackgroundSupport);
  const [enabled, setEnabled] = useState(false);
  const lock = useRef<WakeLockSentinel | null>(null);
  const available = support.wakeLock || support.notifications;

  const acquireWakeLock = useCallback(async (): Promise<boolean> => {
    if (!support.wakeLock) return false;
    try {
      lock.current = await navigator.wakeLock.request('screen');
      return true;
    } catch (error) {
      console.error('[listener] wake lock refused', error);
      return false;
    }
  }, [support.wakeLock]);

  const enable = useCallback(async () => {
    if (!available) {
      toast({
        title: 'Background Mode Unavailable',
        description: 'Keep the app open to detect audio triggers.',
      });
      return;
    }
    const locked = await acquireWakeLock();
    let notifying = false;
    if (support.notifications) {
      try {
        notifying = (await Notification.requestPermission()) === 'granted';
      } catch (error) {
        console.error('[listener] notification permission failed', error);
      }
    }
    if (!locked && !notifying) {
      toast({
        title: 'Background Mode Unavailable',
        description: 'Keep the app open to detect audio triggers.',
      });
      return;
    }
    setEnabled(true);
    toast({
      title: 'Background Listening Enabled',
      description: locked
        ? 'The screen stays awake while you listen.'
        : 'You will be notified of detections while this tab is in the background.',
    });
  }, [acquireWakeLock, available, support.notifications]);

  const disable = useCallback(() => {
    setEnabled(false);
    void lock.current?.release().catch(() => {});
    lock.current = null;
  }, []);

  // Browsers release a wake lock whenever the tab is hidden; take it again on return.
  useEffect(() => {
    if (!enabled) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void acquireWakeLock();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [enabled, acquireWakeLock]);

  useEffect(() => () => void lock.current?.release().catch(() => {}), []);

  const notify = useCallback(
    (title: string, body: string) => {
      if (!enabled || !support.notifications || document.visibilityState === 'visible') return;
      if (Notification.permission !== 'granted') return;
      try {
        new Notification(title, { body });
      } catch (error) {
        console.error('[listener] notification failed', error);
      }
    },
    [enabled, support.notifications],
  );

  return { available, enabled, enable, disable, notify };
}
