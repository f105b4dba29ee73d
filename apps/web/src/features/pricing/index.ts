// pricing's public surface: what other features may import (docs/decisions/layout.md). The app layer may also import its files directly.
export { usePricing } from './api/get-pricing';
export { formatAmount } from './lib/format-price';
