import { BRAND } from '@tonemark/shared';
import { useEffect } from 'react';

/** '{screen} · Tonemark' in the tab and history while the screen is shown; the brand alone without one. */
export function useDocumentTitle(screen: string | undefined) {
  useEffect(() => {
    document.title = screen ? `${screen} · ${BRAND}` : BRAND;
  }, [screen]);
}
