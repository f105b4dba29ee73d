import { Check, Copy } from 'lucide-react';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { cn } from '@/lib/cn';

/** A dark code listing with a copy button; long lines scroll inside it, never the page. */
export function CodeBlock({ code, label, className }: { code: string; label?: string; className?: string }) {
  // Without clipboard access (insecure context) the listing stays selectable.
  const { copied, copy } = useCopyToClipboard();

  return (
    <div className={cn('min-w-0 overflow-hidden rounded-lg border border-slate-800 bg-slate-950', className)}>
      <div className="flex items-center justify-between border-b border-slate-800 px-3 py-1.5">
        <span className="text-xs font-medium text-slate-400">{label ?? ''}</span>
        <button
          type="button"
          onClick={() => copy(code)}
          className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-slate-400 transition hover:bg-slate-800 hover:text-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          aria-label={label ? `Copy ${label}` : 'Copy code'}
        >
          {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre className="overflow-x-auto p-3 text-xs leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
    </div>
  );
}
