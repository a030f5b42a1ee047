import { useEffect, useState } from 'react';
import type * as ShellModule from './shell';

type Shell = typeof ShellModule;

let shell: Promise<Shell> | undefined;

/** The signed-in console's chunk (./shell), fetched once; a failed fetch is tried again next time. */
export function loadShell(): Promise<Shell> {
  shell ??= import('./shell').catch((error: unknown) => {
    shell = undefined;
    throw error;
  });
  return shell;
}

/**
 * The shell once it has loaded, fetching it when `needed`; null until then. A failed fetch is
 * thrown while rendering, for the route's error page to show as it shows a screen that failed to load.
 */
export function useShell(needed: boolean): Shell | null {
  const [state, setState] = useState<{ shell: Shell } | { error: unknown } | null>(null);
  useEffect(() => {
    if (!needed || state) return;
    let current = true;
    loadShell().then(
      (module) => current && setState({ shell: module }),
      (error: unknown) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [needed, state]);
  if (state && 'error' in state) throw state.error;
  return state?.shell ?? null;
}
