import { useEffect, useState } from 'react';
import { captureError } from '../../lib/error-log';
import { loadConsoleTranslations } from '../../lib/i18n';
import { SHELL_NAMESPACES } from '../../lib/i18n-namespaces';
import type * as ShellModule from './shell';

type Shell = typeof ShellModule;

let shell: Promise<Shell> | undefined;

/**
 * The signed-in console's chunk (./shell) with its layout's translations, fetched once; a failed fetch of the chunk is
 * tried again next time. Translations that failed leave keys on screen rather than no console (as the
 * preferences do for a language), the failure in the error log.
 */
export function loadShell(): Promise<Shell> {
  shell ??= Promise.all([
    import('./shell'),
    loadConsoleTranslations(SHELL_NAMESPACES).catch((error: unknown) => captureError(error, 'rejection')),
  ]).then(
    ([module]) => module,
    (error: unknown) => {
      shell = undefined;
      throw error;
    },
  );
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
