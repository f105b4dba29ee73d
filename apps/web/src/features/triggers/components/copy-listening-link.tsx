import { listeningLinkPath, MAX_LISTENING_LINK_TRIGGERS, type Trigger } from '@tonemark/shared';
import { Check, Ear } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { toast } from '@/hooks/use-toast';

/**
 * Why a creator shares a listening link rather than the listener page: a listener that hears only
 * these triggers catches weaker, farther plays (docs/decisions/listening-links.md).
 */
const LISTENING_LINK_HINT =
  'A listener opened from this link listens for these triggers only, so it hears them farther from the speaker and in noisier rooms than the listener for every trigger.';

/** Copies the listener page's address for these triggers (the first 100 the link may name). */
export function CopyListeningLinkButton({
  triggers,
  label,
  compact = false,
}: {
  triggers: readonly Pick<Trigger, 'publicTriggerId'>[];
  /** Names what the link listens for, for screen readers and the tooltip. */
  label: string;
  /** An icon button, as in a table row. */
  compact?: boolean;
}) {
  const { copied, copy } = useCopyToClipboard();
  const ids = triggers.slice(0, MAX_LISTENING_LINK_TRIGGERS).map((t) => t.publicTriggerId);

  async function copyLink() {
    const url = new URL(listeningLinkPath(ids), window.location.origin).href;
    // Clipboard access needs a secure context or permission; show the link instead.
    if (await copy(url)) toast({ title: 'Listening link copied', description: LISTENING_LINK_HINT });
    else toast({ title: 'Copy the listening link', description: url });
  }

  // The same button in a table row (an icon, the hint in the toast) and in a card (with its words).
  return (
    <Button
      variant={compact ? 'ghost' : 'outline'}
      size={compact ? 'icon-sm' : 'sm'}
      title={compact ? 'Copy listening link' : LISTENING_LINK_HINT}
      aria-label={`Copy listening link for ${label}`}
      className={compact ? 'text-slate-500 hover:text-indigo-600' : undefined}
      disabled={ids.length === 0}
      onClick={copyLink}
      data-testid="copy-listening-link"
    >
      {copied ? <Check /> : <Ear />}
      {compact ? null : copied ? 'Copied' : 'Copy listening link'}
    </Button>
  );
}
