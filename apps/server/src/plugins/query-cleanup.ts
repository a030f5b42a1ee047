import type { App } from '../app-types.js';

/**
 * Consoles send empty filter fields as `?name=`; treated as absent, so that optional numeric
 * filters do not coerce '' to 0.
 */
export function installQueryCleanup(app: App): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') {
      for (const [key, value] of Object.entries(query)) if (value === '') delete query[key];
    }
    done();
  });
}
