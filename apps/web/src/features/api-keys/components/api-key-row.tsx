import type { ApiKey } from '@tonemark/shared';
import { ItemRow } from '@/components/item-row';
import { formatCreatedDateInline, formatRelativeTime } from '@/lib/format-date';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

/** One key in the list: its name, prefix, age and last use, and its revoke button. */
export function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  return (
    <ItemRow
      className="flex-col px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      testId="api-key-row"
      name={apiKey.name}
      details={
        <p className="text-xs text-slate-500">
          <code className="text-slate-600">{apiKey.prefix}_…</code> · created{' '}
          {formatCreatedDateInline(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt
            ? `last used ${formatRelativeTime(apiKey.lastUsedAt).toLowerCase()}`
            : 'never used'}
        </p>
      }
      action={<RevokeApiKeyDialog apiKey={apiKey} />}
    />
  );
}
