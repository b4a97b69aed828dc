import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { sendUserEvent } from '../../../api/site';
import { request } from '../../lib/client';

/** The last path a page view was sent for (React's development double effects must not count twice). */
let lastTracked: string | null = null;

/** On every page change: scroll smoothly to the top and send a page view to analytics (spec §2 'App shell'). */
export function RouteEffects() {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (!first.current) {
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    }
    first.current = false;
    if (lastTracked === location) return;
    lastTracked = location;
    void sendUserEvent(request, 'page_view', {
      path: location,
      search: window.location.search,
      referrer: document.referrer || undefined,
    }).catch(() => undefined);
  }, [location]);
  return null;
}
