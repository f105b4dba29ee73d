import type { DetectorKind as AudioDetectorKind } from '@tonemark/audio';
import type {
  DeviceType,
  Catalogue as SharedCatalogue,
  DetectionResult as SharedDetectionResult,
  ListenerAction as SharedListenerAction,
} from '@tonemark/shared';
import type {
  Catalogue,
  DetectionResult,
  DetectorKind,
  ListenerAction,
  ListenerDeviceType,
} from './listener/types.js';

// Compile-time only (not part of the build): the SDK's own listener types must accept what the
// server sends, so the package needs no private workspace package at run time or in its types.

type Assignable<From, To> = [From] extends [To] ? true : false;

export const LISTENER_TYPES_MATCH: [
  Assignable<SharedCatalogue, Catalogue>,
  Assignable<SharedDetectionResult, DetectionResult>,
  Assignable<SharedListenerAction, ListenerAction>,
  Assignable<DeviceType, ListenerDeviceType>,
  Assignable<AudioDetectorKind, DetectorKind>,
] = [true, true, true, true, true];
