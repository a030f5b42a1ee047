/**
 * The V8 options a server process runs with: `npm start`, `npm run cluster` and the benchmarks' servers pass them
 * to node (a process cannot change its heap's layout once started). Write them in a script that runs
 * `dist/main.js` too; a unit test holds the package scripts to them.
 *
 * `--max-semi-space-size=64` (MB; node's default is 16): a received packet's objects (its text, parsed values,
 * measurement rows) live until its batch commits, about 100 ms under load, while 16 MB of young generation filled
 * every 40 ms at 14,000 packets/s, so most of them were copied by a scavenge or two and promoted. With 64 MB the
 * scavenger's time per packet fell from 15 to 6 µs (bench:ingest with --trace-gc on a 2-core machine; 32 MB: 13.5,
 * 128 MB: 5.3), the server's event loop from 85–98 % busy to 64 %. The young generation grows to this only while
 * allocation is that fast.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
