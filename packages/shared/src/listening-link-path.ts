// A listening link (docs/decisions/listening-links.md): the public listener, told to listen for a
// creator's own triggers only. The detector's thresholds rise with the number of patterns it
// listens for (every pattern is another chance for programme to fit one), so a listener that hears
// a few triggers instead of the whole platform's catches weak, far-field plays the platform-wide
// listener must let go: in the benchmark's 6 m room 82.5 % at 24 triggers against 45 % at 1,000.
//
// No zod here: the listener page imports this module on its first load, and the schema
// (listening-link.ts) would bring zod with it (docs/decisions/listener-entry.md).

/** The query parameter of the listener page and the catalogue that names the triggers. */
export const LISTENING_LINK_PARAM = 'triggers';

/** Most triggers one link may name: a URL of about 3,800 characters, under every browser's limit. */
export const MAX_LISTENING_LINK_TRIGGERS = 100;

/** The listener page's path for a listening link; no ids, the whole platform's listener. */
export function listeningLinkPath(publicTriggerIds: readonly string[]): string {
  if (publicTriggerIds.length === 0) return '/listener';
  return `/listener?${LISTENING_LINK_PARAM}=${publicTriggerIds.join(',')}`;
}
