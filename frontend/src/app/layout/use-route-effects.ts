import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageView } from '../../lib/analytics';

/**
 * What every navigation does: record a page view, and scroll like a multi-page site would, to the `#anchor`
 * when there is one (header links such as /#pricing) or to the top otherwise.
 */
export function useRouteEffects(): void {
  const { pathname, hash, key } = useLocation();
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);

  useEffect(() => {
    const pathChanged = previousPathname.current !== pathname;
    previousPathname.current = pathname;
    if (!hash) {
      // Only a new page starts at the top; a screen updating its own query string keeps its place.
      if (pathChanged) window.scrollTo(0, 0);
      return;
    }
    // The target may render a frame after the route does (lazy sections, data-driven content).
    const frame = requestAnimationFrame(() => document.getElementById(hash.slice(1))?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
    // `key` changes on every navigation, so clicking the same #anchor link twice scrolls again.
  }, [pathname, hash, key]);
}
