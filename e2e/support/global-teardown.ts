import { SERVER_STATE_ENV, type ServerState, stopServer } from './server-state.js';

export default async function globalTeardown(): Promise<void> {
  const raw = process.env[SERVER_STATE_ENV];
  if (!raw) return;
  await stopServer(JSON.parse(raw) as ServerState);
  delete process.env[SERVER_STATE_ENV];
}
