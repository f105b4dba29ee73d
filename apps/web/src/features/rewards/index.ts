// rewards's public surface: what other features may import (docs/decisions/layout.md). The app layer may also import its files directly.
export { addReward } from './lib/reward-store';
