import { ApiDocsPage } from '@/features/api-docs/components/api-docs-page';

// Public screens outside the admin shell that are composed from a feature.

/** SPEC §2.10: /api-docs. */
export function ApiDocsRoute() {
  return <ApiDocsPage />;
}
