import { useEffect, useState } from 'react';

/**
 * Copies text and reports `copied` for 2 s, so a button can say it worked. `copy` resolves false
 * when the browser refuses (no secure context or permission); callers offer the text another way.
 */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy(text: string): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      return true;
    } catch {
      return false;
    }
  }

  return { copied, copy };
}
