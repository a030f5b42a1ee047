import { z } from 'zod';

/*
 * Imported first by main.tsx, before any schema exists: zod decides per object schema, as it is
 * built, whether to compile a parser with `new Function`. The console runs under a CSP without
 * 'unsafe-eval' (apps/server plugins/security-headers.ts), where zod's probe for eval is reported
 * as a violation on every page load even though zod then falls back; jitless skips the probe.
 */
z.config({ jitless: true });
