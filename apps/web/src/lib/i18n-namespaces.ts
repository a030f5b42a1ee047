/**
 * The translation namespaces of the pages before sign-in: the login, OAuth and error screens, the public
 * frame's choosers and the api client's toasts. src/lib/i18n.ts fetches them first, the others with the
 * signed-in console; vite.config.ts bundles them apart (`i18n-<language>`, `i18n-<language>-console`).
 */
export const PUBLIC_NAMESPACES: readonly string[] = ['common', 'auth', 'layout', 'validation'];
