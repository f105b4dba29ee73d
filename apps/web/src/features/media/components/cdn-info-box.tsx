import { Cloud } from 'lucide-react';

/** SPEC §2.14 CDN Integration box; the document is built into the site at this exact path. */
export const CDN_DOC_PATH = '/docs/CDN_Integration_Design.md';

export function CdnInfoBox() {
  return (
    <aside className="flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
      <Cloud className="mt-0.5 size-5 shrink-0 text-sky-600" />
      <div className="grid gap-1">
        <p className="font-semibold">CDN Integration</p>
        <p>
          Processed files are served from <code className="font-mono text-xs">/media</code> by the built-in
          store. In production the same files can sit in S3-compatible storage behind a CDN.
        </p>
        <a
          href={CDN_DOC_PATH}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-sky-700 underline"
        >
          Read the CDN integration design
        </a>
      </div>
    </aside>
  );
}
