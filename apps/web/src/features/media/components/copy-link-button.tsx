import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { toast } from '@/hooks/use-toast';
import { absoluteUrl } from '../lib/format-media';

/** Copies the full address of a stored file; says so for 2 s so people know it worked. */
export function CopyLinkButton({ path }: { path: string }) {
  const { copied, copy } = useCopyToClipboard();

  async function copyLink() {
    const url = absoluteUrl(path);
    // Clipboard access needs a secure context or permission; show the link instead.
    if (!(await copy(url))) toast({ title: 'Copy the link', description: url });
  }

  return (
    <Button variant="outline" size="sm" onClick={copyLink}>
      {copied ? <Check /> : <Copy />}
      {copied ? 'Copied' : 'Copy link'}
    </Button>
  );
}
