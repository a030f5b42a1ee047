import { useSyncExternalStore } from 'react';

/** The system setting 'reduce motion' (WCAG 2.3.3): the console then draws without transitions. */
const QUERY = '(prefers-reduced-motion: reduce)';

let list: MediaQueryList | null | undefined;
/** The one query list, made on first use (none outside a browser, as in server-side tests). */
function media(): MediaQueryList | null {
  if (list === undefined)
    list = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
  return list;
}

function subscribe(onChange: () => void): () => void {
  const current = media();
  current?.addEventListener('change', onChange);
  return () => current?.removeEventListener('change', onChange);
}

const getSnapshot = (): boolean => media()?.matches ?? false;

/** True while the user asks the system for less motion; follows the setting when it changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
