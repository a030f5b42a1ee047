// Summary of the server child's V8 CPU profile for `npm run bench:ingest -- --cpu-prof`: where the
// server's main thread spent the measured window, by component (self time) and by function.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The component a frame belongs to, from its script URL. */
function component(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (url === '') {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8/native (program)';
    return `native: ${functionName || '?'}`;
  }
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg === 'pg' || pkg === 'pg-protocol' || pkg === 'pg-pool' || pkg === 'pg-types') return 'pg driver';
  if (pkg === 'pino' || pkg === 'thread-stream' || pkg === 'sonic-boom') return 'logging (pino)';
  if (pkg) return pkg;
  if (url.includes('/packages/hj212/')) return 'hj212 codec';
  const server = /\/apps\/server\/dist\/([^/]+)\//.exec(url)?.[1];
  if (server) return `server ${server}/`;
  if (url.includes('/bench/')) return 'bench hooks';
  if (url.startsWith('node:internal/process/task_queues') || url.startsWith('node:internal/process/promises')) {
    return 'node: promises/microtasks';
  }
  if (/^node:(net|internal\/stream_base_commons|internal\/streams|stream|events|internal\/net)/.test(url)) {
    return 'node: net/streams';
  }
  if (url.startsWith('node:')) return 'node: other core';
  return 'other';
}

const shortUrl = (url: string) => url.replace(/^.*\/(node_modules|apps|packages|bench)\//, '$1/');

export interface ProfileSummary {
  file: string;
  windowMs: number;
  sampledMs: number;
  components: { name: string; ms: number }[];
  selfTop: { name: string; ms: number }[];
  inclusive: { name: string; ms: number }[];
}

/** Functions whose time including callees (synchronous part) is worth seeing next to the self times. */
const INCLUSIVE_OF = [
  /^compileQuery$/,
  /^executeQuery$/,
  /^toRows$/,
  /^timedWriteBatch$/,
  /^receive$/,
  /^handle$/,
  /^parsePacket$/,
  /^serialisePacket$/,
  /^push$/,
  /^write$/,
  /^writeGeneric$|^writev$|^writevGeneric$/,
  /^submit$/,
  /^assess$/,
  /^find$/,
];

/**
 * Reads the one .cpuprofile in `dir` and sums the samples taken between `fromUs` and `toUs`
 * (process.hrtime in µs, the clock V8 stamps samples with on Linux).
 */
export function summariseProfile(dir: string, fromUs: number, toUs: number): ProfileSummary {
  const name = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!name) throw new Error(`no .cpuprofile in ${dir}`);
  const file = join(dir, name);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const components = new Map<string, number>();
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, ms: number) => m.set(k, (m.get(k) ?? 0) + ms);
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

  let t = profile.startTime;
  let sampledMs = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i] ?? 0;
    if (t < fromUs || t > toUs) continue;
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(profile.samples[i] ?? -1);
    if (!node) continue;
    sampledMs += ms;
    add(components, component(node.callFrame), ms);
    add(self, label(node), ms);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id);
      if (!frame) break;
      const fn = frame.callFrame.functionName;
      if (!INCLUSIVE_OF.some((re) => re.test(fn))) continue;
      const key = label(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      add(inclusive, key, ms);
    }
  }
  const sorted = (m: Map<string, number>) =>
    [...m.entries()].map(([k, ms]) => ({ name: k, ms })).sort((a, b) => b.ms - a.ms);
  return {
    file,
    windowMs: (toUs - fromUs) / 1000,
    sampledMs,
    components: sorted(components),
    selfTop: sorted(self).slice(0, 25),
    inclusive: sorted(inclusive).slice(0, 20),
  };
}

export function printProfile(s: ProfileSummary): void {
  const pct = (ms: number) => `${((100 * ms) / s.sampledMs).toFixed(1).padStart(5)} %`;
  console.log(`\nServer CPU profile over the measured window (${s.sampledMs.toFixed(0)} ms sampled): ${s.file}`);
  console.log('  self time by component:');
  for (const c of s.components.slice(0, 20)) console.log(`    ${pct(c.ms)}  ${c.name}`);
  console.log('  self time, top functions:');
  for (const f of s.selfTop) console.log(`    ${pct(f.ms)}  ${f.name}`);
  console.log('  including callees (synchronous part only; async functions count up to their first await):');
  for (const f of s.inclusive) console.log(`    ${pct(f.ms)}  ${f.name}`);
}
