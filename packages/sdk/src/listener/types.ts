// The listener protocol's shapes as the SDK exposes them (docs/decisions/listener-protocol.md);
// contract-check.ts fails to compile when they drift from packages/shared.

export type TriggerSignal = 'audible' | 'ultrasonic' | 'combined' | 'streaming';
export type DetectorKind = 'coherent' | 'robust' | 'dual' | 'spec';
export type ListenerDeviceType = 'Mobile Simulator' | 'Native App' | 'Web Listener';

/** What a resolved detection asks the device to do. */
export interface ListenerAction {
  name: string;
  type: 'URL' | 'APP' | 'REWARD' | 'CUSTOM';
  action: 'OPEN_URL' | 'LAUNCH_APP' | 'DISPLAY_REWARD' | 'CUSTOM_ACTION';
  actionData: string;
}

export interface CatalogueEntry {
  publicTriggerId: string;
  frequencyPattern: number[];
  durationMs: number;
  signal: string;
  publicAction: ListenerAction | null;
}

export interface Catalogue {
  version: string;
  generatedAt: string;
  triggers: CatalogueEntry[];
}

/** The engine's quality figures for one detection. */
export interface DetectionQuality {
  /** Confidence in [0, 1]. */
  score: number;
  snrDb?: number;
  /** Playback speed found (1 = as made). */
  speed?: number;
  /** Tempo found (1 = as made). */
  tempo?: number;
}

export type RefusalReason =
  | 'unknown-trigger'
  | 'too-soon'
  | 'stale'
  | 'rate-limited'
  | 'abuse'
  | 'overloaded'
  | 'not-targeted';

export type DetectionResult =
  | {
      activationId: string;
      status: 'accepted';
      duplicate: boolean;
      publicTriggerId: string;
      action: ListenerAction;
    }
  | {
      activationId: string;
      status: 'refused';
      reason: RefusalReason;
      message: string;
      retryAfterMs?: number;
    };

/** A detection the server resolved into its trigger's action. */
export interface ResolvedTrigger {
  activationId: string;
  publicTriggerId: string;
  detectedAt: string;
  action: ListenerAction;
  quality: DetectionQuality;
}

/** A detection the server did not accept (too soon after the last one, unknown, limits). */
export interface RefusedDetection {
  activationId: string;
  publicTriggerId: string;
  detectedAt: string;
  reason: RefusalReason;
  message: string;
  quality: DetectionQuality;
}
