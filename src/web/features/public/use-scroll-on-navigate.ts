import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page starts at its top, and a link to /#section lands on that section. Glides only
 * within the same page: jumping to a section of a page that just loaded should be instant.
 * Back and forward keep the browser's own scroll position.
 */
export function useScrollOnNavigate() {
  const { key, pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const previousPathname = useRef<string | null>(null);

  // Keyed on the location key, so following the same section link again scrolls again.
  useEffect(() => {
    const samePage = previousPathname.current === pathname;
    previousPathname.current = pathname;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target.scrollIntoView({ behavior: samePage && !reducedMotion ? 'smooth' : 'instant' });
    } else if (navigationType !== 'POP') {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    }
  }, [key, pathname, hash, navigationType]);
}
