/**
 * The live push's limit and close codes (SPEC section 7 'Live push'), with no zod: the console's push client,
 * part of its first screen, reads them without loading a schema; the frame schemas (./schemas/live.ts) build on
 * them and re-export them.
 */

/** Most devices one connection may follow at once (a project's screen, or a 1,000-station wall). */
export const LIVE_MAX_SUBSCRIBED_DEVICES = 5_000;

/** Close codes the server uses (4000–4999 are the application's). */
export const LIVE_CLOSE = { badToken: 4401, serverShutdown: 1001, tooManyConnections: 4429 } as const;
