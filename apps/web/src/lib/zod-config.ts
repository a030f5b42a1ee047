/*
 * Imported first by main.tsx, before any schema exists: zod decides per object schema whether to compile a
 * parser with `new Function`. The console runs under a CSP without 'unsafe-eval' (apps/server
 * plugins/security-headers.ts), where zod's probe for eval is reported as a violation on every page load even
 * though zod then falls back; jitless skips the probe.
 *
 * Set where zod keeps its configuration (`z.config()` writes the same object, which zod adopts when it loads
 * after this) rather than through `z.config`: the login page loads no zod (scripts/bundle-budget.mjs), and
 * importing it here would put it in every page's first download. zod-config.test.ts checks zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
