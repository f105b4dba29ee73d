import type { RegisteredWebhook } from '@tonemark/shared';
import { Check, Copy, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

/** The only time the signing secret is on screen: the receiver needs it to verify deliveries. */
export function NewWebhookSecretNotice({
  created,
  onDone,
}: {
  created: RegisteredWebhook;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      setCopyFailed(false);
    } catch {
      // Clipboard access needs a secure context or permission: the secret stays selectable.
      setCopyFailed(true);
    }
  }

  return (
    <div
      className="rounded-lg border border-amber-200 bg-amber-50 p-4"
      role="status"
      data-testid="new-webhook-secret"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
        <ShieldAlert className="size-4 shrink-0" /> Copy the signing secret now
      </p>
      <p className="mt-1 text-xs break-words text-amber-800">
        For <span className="font-medium break-all">{created.url}</span>. It is shown only this once; your
        receiver uses it to check the <code>webhook-signature</code> header of each delivery.
      </p>
      <code
        className="mt-3 block rounded-md border border-amber-200 bg-white px-3 py-2 font-mono text-xs break-all text-slate-900 select-all"
        data-testid="new-webhook-secret-value"
      >
        {created.secret}
      </code>
      {copyFailed ? (
        <p className="mt-2 text-xs text-amber-800">
          Copying is blocked here: select the secret and copy it by hand.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={copy}>
          {copied ? <Check /> : <Copy />}
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          I have stored it
        </Button>
      </div>
    </div>
  );
}
