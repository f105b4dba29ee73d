// account's public surface: what other features may import (docs/decisions/layout.md). The app layer may also import its files directly.
export { accountPlanQueryKey, useAccountPlan } from './api/get-account-plan';
