import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { captureError } from './error-log';
import { loadConsoleTranslations } from './i18n';

/**
 * A screen loaded on demand together with its translations: the namespaces it reads (every one of the console when
 * it names none). Translations that fail to arrive leave keys on screen rather than no screen, the failure in the
 * error log (as the layout's do, app/router/load-shell.ts).
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  namespaces?: readonly string[],
): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    Promise.all([
      load(),
      loadConsoleTranslations(namespaces).catch((error: unknown) => captureError(error, 'rejection')),
    ]).then(([module]) => module),
  );
}
