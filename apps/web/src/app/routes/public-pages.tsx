import { ApiDocsPage } from '@/features/api-docs/components/api-docs-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

// Public screens outside the admin shell that are composed from a feature.

/** SPEC §2.10: /api-docs. */
export function ApiDocsRoute() {
  useDocumentTitle('API Documentation');
  return <ApiDocsPage />;
}
