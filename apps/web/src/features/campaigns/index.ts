// campaigns's public surface: what other features may import (docs/decisions/layout.md). The app layer may also import its files directly.
export { useCampaign } from './api/get-campaign';
export { useCampaigns } from './api/get-campaigns';
