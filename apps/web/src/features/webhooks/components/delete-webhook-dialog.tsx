import type { WebhookEndpoint } from '@tonemark/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useDeleteWebhook } from '../api/delete-webhook';

/** Deleting stops every delivery to the URL at once, pending retries included. */
export function DeleteWebhookDialog({ webhook }: { webhook: WebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteWebhook();

  function confirm() {
    remove.mutate(webhook.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Webhook deleted', description: `Nothing more will be sent to ${webhook.url}.` });
      },
      onError: (error) => {
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to delete the webhook'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-slate-500 hover:bg-red-50 hover:text-red-600"
          aria-label={`Delete webhook ${webhook.url}`}
          data-testid="delete-webhook"
        >
          <Trash2 /> Delete
        </Button>
      }
      title="Delete webhook"
      description="Tonemark stops sending events to this URL, and its delivery log is deleted with it. This cannot be undone."
      subject={<span className="font-mono text-xs break-all">{webhook.url}</span>}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      isPending={remove.isPending}
      onConfirm={confirm}
      testId="delete-webhook-dialog"
    />
  );
}
