/**
 * The Node.js flags the server runs with: `node <flags> apps/server/dist/main.js`, in `npm start` (package.json),
 * `npm run cluster` (scripts/cluster.mjs), the browser tests' server and the benchmarks' (V8 takes them only on
 * the command line, not once the process runs).
 *
 * --max-semi-space-size=64: the young generation of the heap may grow to 64 MB a half (16 MB by default). Every
 * packet's rows, strings and promises live until its batch has committed, tens of milliseconds; with the default
 * size the collector ran several times meanwhile and copied them each time, a fifth of the event loop's time at
 * full load (bench:ingest --cpu-prof: 21 % → 13 %).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
