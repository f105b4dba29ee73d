import { useEffect } from 'react';

/**
 * Makes /listener an installable, offline-capable app: links its web manifest and registers the
 * service worker (/sw.js), which keeps the page, its assets and the last catalogue for offline use.
 */
export function useInstallableListener() {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const added = !link;
    if (!link) {
      link = document.createElement('link');
      link.rel = 'manifest';
      link.href = '/listener.webmanifest';
      document.head.append(link);
    }
    if ('serviceWorker' in navigator) {
      navigator.serviceWorker
        .register('/sw.js', { scope: '/' })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          // Lazy chunks and the audio worklet are not named in the HTML: hand them to the worker.
          const urls = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((name) => new URL(name).pathname.startsWith('/assets/'));
          registration.active?.postMessage({ type: 'CACHE_URLS', urls });
        })
        .catch((error: unknown) => console.error('[listener] service worker not registered', error));
    }
    return () => {
      if (added) link?.remove();
    };
  }, []);
}
