import type { ApiKey } from '@tonemark/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useRevokeApiKey } from '../api/revoke-api-key';

/** Revoking cannot be undone: programs using the key get 401 from then on. */
export function RevokeApiKeyDialog({ apiKey }: { apiKey: ApiKey }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeApiKey();

  function confirm() {
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'API key revoked', description: `"${apiKey.name}" no longer works.` });
      },
      onError: (error) => {
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to revoke the API key'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-slate-500 hover:bg-red-50 hover:text-red-600"
          aria-label={`Revoke ${apiKey.name}`}
          data-testid="revoke-api-key"
        >
          <Trash2 /> Revoke
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="revoke-api-key-dialog">
        <DialogHeader>
          <DialogTitle>Revoke API key</DialogTitle>
          <DialogDescription>
            Programs using this key will get 401 Unauthorized from now on. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <span className="font-medium">{apiKey.name}</span>{' '}
          <code className="text-xs text-slate-500">{apiKey.prefix}_…</code>
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={revoke.isPending}>
            {revoke.isPending ? 'Revoking…' : 'Revoke'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
