import type { ApiKey } from '@tonemark/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TrashButton } from '@/components/trash-button';
import { errorMessage } from '@/lib/api-client';
import { useRevokeApiKey } from '../api/revoke-api-key';

/** Revoking cannot be undone: programs using the key get 401 from then on. */
export function RevokeApiKeyDialog({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();

  return (
    <ConfirmDialog
      trigger={
        <TrashButton size="sm" aria-label={`Revoke ${apiKey.name}`} data-testid="revoke-api-key">
          Revoke
        </TrashButton>
      }
      title="Revoke API key"
      description="Programs using this key will get 401 Unauthorized from now on. This cannot be undone."
      subject={
        <>
          <span className="font-medium">{apiKey.name}</span>{' '}
          <code className="text-xs text-slate-500">{apiKey.prefix}_…</code>
        </>
      }
      confirmLabel="Revoke"
      pendingLabel="Revoking…"
      action={() => revoke.mutateAsync(apiKey.id)}
      successNotice={{ title: 'API key revoked', description: `"${apiKey.name}" no longer works.` }}
      failureMessage={(error) => errorMessage(error, 'Failed to revoke the API key')}
      testId="revoke-api-key-dialog"
    />
  );
}
