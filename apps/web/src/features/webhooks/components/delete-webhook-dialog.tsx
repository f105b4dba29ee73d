import type { WebhookEndpoint } from '@tonemark/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TrashButton } from '@/components/trash-button';
import { errorMessage } from '@/lib/api-client';
import { useDeleteWebhook } from '../api/delete-webhook';

/** Deleting stops every delivery to the URL at once, pending retries included. */
export function DeleteWebhookDialog({ webhook }: { webhook: WebhookEndpoint }) {
  const remove = useDeleteWebhook();

  return (
    <ConfirmDialog
      trigger={
        <TrashButton size="sm" aria-label={`Delete webhook ${webhook.url}`} data-testid="delete-webhook">
          Delete
        </TrashButton>
      }
      title="Delete webhook"
      description="Tonemark stops sending events to this URL, and its delivery log is deleted with it. This cannot be undone."
      subject={<span className="font-mono text-xs break-all">{webhook.url}</span>}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      action={() => remove.mutateAsync(webhook.id)}
      successNotice={{
        title: 'Webhook deleted',
        description: `Nothing more will be sent to ${webhook.url}.`,
      }}
      failureMessage={(error) => errorMessage(error, 'Failed to delete the webhook')}
      testId="delete-webhook-dialog"
    />
  );
}
