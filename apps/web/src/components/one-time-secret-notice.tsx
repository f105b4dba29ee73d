import { Check, Copy, ShieldAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';

/**
 * A secret the server shows once (an API key, a webhook signing secret): copy it, then dismiss.
 * The value stays selectable for when the clipboard is blocked (no secure context or permission).
 */
export function OneTimeSecretNotice({
  title,
  explanation,
  secret,
  noun,
  testId,
  onDone,
}: {
  title: ReactNode;
  explanation: ReactNode;
  secret: string;
  /** 'key' or 'secret', for the button and the fallback text. */
  noun: string;
  /** The notice's test id; the value's is `${testId}-value`. */
  testId: string;
  onDone: () => void;
}) {
  const { copied, copy } = useCopyToClipboard();
  const [copyFailed, setCopyFailed] = useState(false);

  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-4" role="status" data-testid={testId}>
      <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
        <ShieldAlert className="size-4 shrink-0" /> {title}
      </p>
      <p className="mt-1 text-xs break-words text-amber-800">{explanation}</p>
      <code
        className="mt-3 block rounded-md border border-amber-200 bg-white px-3 py-2 font-mono text-xs break-all text-slate-900 select-all"
        data-testid={`${testId}-value`}
      >
        {secret}
      </code>
      {copyFailed ? (
        <p className="mt-2 text-xs text-amber-800">
          Copying is blocked here: select the {noun} and copy it by hand.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={async () => setCopyFailed(!(await copy(secret)))}>
          {copied ? <Check /> : <Copy />}
          {copied ? 'Copied' : `Copy ${noun}`}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          I have stored it
        </Button>
      </div>
    </div>
  );
}
