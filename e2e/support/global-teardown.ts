import { leakedSecrets } from './log-secrets.js';
import { SERVER_STATE_ENV, type ServerState, stopServer } from './server-state.js';

/** Stops the server; the run fails when its logs hold a token it issued or a password (issue 13, hole 4). */
export default async function globalTeardown(): Promise<void> {
  const raw = process.env[SERVER_STATE_ENV];
  if (!raw) return;
  const state = JSON.parse(raw) as ServerState;
  let leaks: string[] = [];
  await stopServer(state, () => {
    leaks = leakedSecrets(state);
  });
  delete process.env[SERVER_STATE_ENV];
  if (leaks.length > 0) throw new Error(`the e2e server's logs hold secrets:\n  ${leaks.join('\n  ')}`);
}
