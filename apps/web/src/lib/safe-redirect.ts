/** Only same-site paths may be a post-sign-in destination (no '//host' or 'https://...'). */
export function safeRedirectPath(next: string | null | undefined, fallback = '/admin'): string {
  if (!next) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
