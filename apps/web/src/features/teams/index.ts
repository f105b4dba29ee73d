// teams's public surface: what other features may import (docs/decisions/layout.md). The app layer may also import its files directly.
export { OwnerBadge, OwnerSelect } from './components/owner-fields';
export { useTeamAccess } from './hooks/use-team-access';
