// triggers's public surface: what other features may import (docs/decisions/layout.md). The app layer may also import its files directly.
export { useTriggers } from './api/get-triggers';
export { invalidateTriggerData } from './api/invalidate';
export { CopyListeningLinkButton } from './components/copy-listening-link';
