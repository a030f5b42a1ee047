// The server half of `npm run bench:ingest`, forked by bench/ingest.ts: the real app with its HJ 212
// gateway on a migrated database, the benchmark's stations registered as devices. It runs in its own
// process so that the load generator's sockets and buffers are not in its memory or on its event loop;
// the parent starts it with --expose-gc (memory is sampled after a full GC) and, when asked, --cpu-prof.
// Not meant to be run by hand.
import { buildApp } from '@envmon/server/dist/app.js';
import { answerParent, benchConfig, registerStations, runServerChild, timeWriteBatches } from './bench-server-side.js';
import { type ServerSetup } from './ingest-common.js';
import { applyLayout } from './ingest-layouts.js';

// Before the app exists: its repositories are patched on their prototypes.
const writes = timeWriteBatches();

runServerChild('bench/ingest-server.js', async (s: ServerSetup) => {
  const config = benchConfig(s.databaseUrl, s.dir, { maxConnections: s.maxConnections });
  const app = await buildApp({ config, gateway: true });
  await applyLayout(s.databaseUrl, s.layout ?? 'current');
  await registerStations(config, [{ group: s.group, count: s.stations }]);
  answerParent(app, writes, { type: 'ready', port: app.stations?.port ?? 0 });
});
