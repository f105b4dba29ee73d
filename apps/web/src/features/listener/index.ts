// listener's public surface: what other features may import (docs/decisions/layout.md). The app layer may also import its files directly.
export { useDetections } from './hooks/use-detections';
export { useMicrophoneDetector } from './hooks/use-microphone-detector';
export { toTriggerSpec } from './lib/trigger-spec';
