import type { CatalogueEntry } from '@tonemark/shared';
import { MIN_TIME_BETWEEN_DETECTIONS_MS } from './detection-timing';

/** SPEC §3.3 background service config. */
export interface BackgroundServiceConfig {
  batteryOptimization: 'balanced';
  notificationsEnabled: boolean;
  minTimeBetweenDetections: number;
  wakeStrategy: 'continuous';
}

export const BACKGROUND_SERVICE_CONFIG: BackgroundServiceConfig = {
  batteryOptimization: 'balanced',
  notificationsEnabled: true,
  minTimeBetweenDetections: MIN_TIME_BETWEEN_DETECTIONS_MS,
  wakeStrategy: 'continuous',
};

/**
 * `window.TonemarkNative`: what an iOS/Android shell around this page injects when it can listen
 * in a native background service (docs/decisions/listener-audio-path.md). The native side runs
 * the detector itself and reports each detection; it must honour minTimeBetweenDetections and
 * count only the first matching trigger per sound sample (SPEC §4).
 */
export interface TonemarkNativeBridge {
  /** Resolves false (or rejects) when the service cannot start; the page then listens itself. */
  startBackgroundListening(
    request: { config: BackgroundServiceConfig; triggers: CatalogueEntry[] },
    /** The catalogue's publicTriggerId, with the native detector's quality figures when it has them. */
    onDetect: (publicTriggerId: string, quality?: { score?: number; snrDb?: number }) => void,
  ): Promise<boolean>;
  stopBackgroundListening(): Promise<void>;
}

/**
 * A Capacitor/Cordova background-mode plugin (`window.Capacitor.Plugins.BackgroundMode`): it only
 * keeps the web view alive, so the page's own detector keeps running, at the background gap.
 */
export interface BackgroundModePlugin {
  enable(): Promise<void> | void;
  disable(): Promise<void> | void;
}

declare global {
  interface Window {
    TonemarkNative?: TonemarkNativeBridge;
    Capacitor?: { Plugins?: { BackgroundMode?: BackgroundModePlugin } };
  }
}

export type NativeBackground =
  | { kind: 'bridge'; bridge: TonemarkNativeBridge }
  | { kind: 'plugin'; plugin: BackgroundModePlugin }
  | null;

export function detectNativeBackground(win: Pick<Window, 'TonemarkNative' | 'Capacitor'>): NativeBackground {
  if (win.TonemarkNative && typeof win.TonemarkNative.startBackgroundListening === 'function') {
    return { kind: 'bridge', bridge: win.TonemarkNative };
  }
  const plugin = win.Capacitor?.Plugins?.BackgroundMode;
  if (plugin && typeof plugin.enable === 'function') return { kind: 'plugin', plugin };
  return null;
}

/** What this browser really offers to keep listening while the user looks away. */
export function webBackgroundSupport(): { wakeLock: boolean; notifications: boolean } {
  return {
    wakeLock: typeof navigator !== 'undefined' && 'wakeLock' in navigator,
    notifications: typeof window !== 'undefined' && 'Notification' in window,
  };
}
