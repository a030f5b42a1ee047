#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first failure.
//
//   npm test                          all stages
//   npm test -- --only unit,medium    a subset (medium = medium-sqlite + medium-postgres)
//   npm test -- --skip e2e            everything but some stages
//   npm test -- --list                print the stages
//
// The last line of output is always `N passed, N failed`: the tests counted over every Vitest
// and Playwright run. Nothing is skipped silently: a missing PostgreSQL or Chromium fails the run
// with a message saying how to provide it.
import { accessSync, constants as fsConstants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from './postgres.mjs';
import { BIN, childEnv, children, command, killGroup, StageError } from './test-processes.mjs';

const MINUTE = 60_000;

const CHROMIUM_HELP =
  "Install Debian's Chromium and the CJK fonts (`sudo apt-get install -y chromium fonts-noto-cjk`), or set\n" +
  'CHROMIUM_PATH to a Chromium or Chrome executable. The tests never download a browser of their own.';

/** @typedef {import('./test-processes.mjs').Counts} Counts */
/**
 * @typedef {{
 *   name: string, title: string, timeout: number,
 *   run: (ctx: { tmp: string, timeout: number }) => Promise<{ counts?: Counts, note?: string }>
 * }} Stage
 */

/** @type {Stage[]} */
const STAGES = [
  {
    name: 'typecheck',
    title: 'typecheck (tsc -b)',
    timeout: 10 * MINUTE,
    run: (ctx) => command([join(BIN, 'tsc'), '-b'], ctx),
  },
  {
    name: 'lint',
    title: 'lint (eslint .)',
    timeout: 10 * MINUTE,
    run: (ctx) => command([join(BIN, 'eslint'), '.'], ctx),
  },
  {
    name: 'unit',
    title: 'unit tests (vitest --project unit)',
    // 4 min 19 s on a 2-core CI machine in December 2026 (the console's translations load for its files only), and
    // 7 min 38 s on one running at half its pace days later: the guard catches a hang, not a slow machine.
    timeout: 15 * MINUTE,
    run: (ctx) => vitest(ctx, 'unit', {}),
  },
  {
    name: 'medium-sqlite',
    title: 'medium tests on SQLite (vitest --project medium)',
    timeout: 10 * MINUTE,
    run: (ctx) => vitest(ctx, 'medium', {}, 'SQLite'),
  },
  {
    name: 'medium-postgres',
    title: 'medium tests on PostgreSQL (vitest --project medium, TEST_DATABASE_URL)',
    timeout: 10 * MINUTE,
    run: mediumOnPostgres,
  },
  {
    name: 'build',
    title: "production build (npm run build) and the console's first-load budget (scripts/bundle-budget.mjs)",
    timeout: 10 * MINUTE,
    run: async (ctx) => {
      await command(['npm', 'run', 'build'], ctx);
      return command([process.execPath, 'scripts/bundle-budget.mjs'], ctx);
    },
  },
  {
    name: 'cluster',
    title: 'cluster test (vitest --project cluster: the build as 2 gateways + 2 HTTP behind haproxy, NATS, PostgreSQL)',
    timeout: 10 * MINUTE,
    run: (ctx) => vitest(ctx, 'cluster', {}),
  },
  { name: 'e2e', title: 'browser tests (playwright test, Chromium)', timeout: 45 * MINUTE, run: browserTests },
];
const ALIASES = {
  medium: ['medium-sqlite', 'medium-postgres'],
  tsc: ['typecheck'],
  browser: ['e2e'],
};

// ---------------------------------------------------------------------------------------------
// Vitest and Playwright report their counts as JSON next to the usual console output.

/** @returns {Counts} */
function vitestCounts(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A file that fails to load has no test results but is a failure all the same.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
  return {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + brokenFiles,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

const FAILURE_HEADINGS = /⎯{2,} (Failed Tests?|Failed Suites?|Unhandled Errors?|Unhandled Rejection)/;
const EXCERPT_LINES = 80;

/**
 * Vitest's report of what failed (failed tests, unhandled errors), repeated next to the summary
 * so that a log that keeps only its tail still says why the stage failed.
 */
function vitestFailureExcerpt(text) {
  // eslint-disable-next-line no-control-regex
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((l) => FAILURE_HEADINGS.test(l));
  if (start < 0) return '';
  const excerpt = lines.slice(start, start + EXCERPT_LINES);
  const more = lines.length - start > EXCERPT_LINES ? '\n  … (the rest is in the log above)' : '';
  return `\n\n${excerpt.map((l) => `  ${l}`).join('\n')}${more}`;
}

async function vitest(ctx, project, extraEnv, dbLabel) {
  const out = join(ctx.tmp, `vitest-${project}-${(dbLabel ?? 'node').replace(/\W+/g, '_')}.json`);
  const argv = [
    join(BIN, 'vitest'),
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  let failure;
  const output = { text: '' };
  try {
    await command(argv, {
      env: childEnv(extraEnv),
      timeout: ctx.timeout,
      label: `vitest run --project ${project}`,
      output,
    });
  } catch (err) {
    failure = err;
  }
  const counts = existsSync(out) ? vitestCounts(out) : undefined;
  // Errors thrown outside any test (after it ended, in a timer) fail the run; they count as failures.
  // eslint-disable-next-line no-control-regex
  const unhandled = /Errors\s+(\d+) errors?/.exec(output.text.replace(/\x1b\[[0-9;]*m/g, ''));
  if (counts && unhandled) counts.failed += Number(unhandled[1]);
  if (failure) throw new StageError(`${failure.message}${vitestFailureExcerpt(output.text)}`, counts);
  if (!counts) throw new StageError('vitest wrote no JSON report');
  if (counts.passed + counts.failed === 0) throw new StageError(`no ${project} tests ran`, counts);
  const on = dbLabel ? ` on ${dbLabel}` : '';
  return { counts, note: `${counts.passed + counts.failed} ${project} tests ran${on}` };
}

async function mediumOnPostgres(ctx) {
  let pg;
  try {
    pg = await startPostgres({ log: (m) => console.log(`  ${m}`) });
  } catch (err) {
    throw new StageError(err.message);
  }
  try {
    const host = new URL(pg.url).host;
    const result = await vitest(ctx, 'medium', { TEST_DATABASE_URL: pg.url }, `PostgreSQL (${host})`);
    const sessions = pg.connections();
    if (sessions === 0) {
      throw new StageError(
        'the medium suite never connected to the PostgreSQL it was given: the tests do not read TEST_DATABASE_URL, ' +
          'so they ran on SQLite twice',
        result.counts,
      );
    }
    if (sessions !== undefined) result.note += `, ${sessions} database sessions`;
    return result;
  } finally {
    pg.stop();
  }
}

function findChromium() {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    accessSync(candidate, fsConstants.X_OK);
    return candidate;
  } catch {
    const why = process.env.CHROMIUM_PATH
      ? `CHROMIUM_PATH=${candidate} is not an executable file`
      : 'no /usr/bin/chromium';
    throw new StageError(`Chromium not found (${why}).\n${CHROMIUM_HELP}`);
  }
}

function hasCjkFonts() {
  return [
    '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc',
  ].some((f) => existsSync(f));
}

async function browserTests(ctx) {
  const chromium = findChromium();
  console.log(`  Chromium: ${chromium}`);
  if (!hasCjkFonts()) {
    console.log(
      '  warning: fonts-noto-cjk is not installed; Chinese text renders as boxes in screenshots (`apt-get install fonts-noto-cjk`)',
    );
  }
  const out = join(ctx.tmp, 'playwright.json');
  let failure;
  try {
    await command([join(BIN, 'playwright'), 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      env: childEnv({ CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: out }),
      timeout: ctx.timeout,
    });
  } catch (err) {
    failure = err;
  }
  let counts;
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    counts = { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0), skipped: s.skipped ?? 0 };
  }
  if (failure)
    throw new StageError(`${failure.message}\n  traces, screenshots and the server log: e2e/test-results/`, counts);
  if (!counts) throw new StageError('playwright wrote no JSON report');
  if (counts.passed + counts.failed === 0) throw new StageError('no browser tests ran', counts);
  return { counts, note: `${counts.passed + counts.failed} browser tests ran` };
}

// ---------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const opts = { only: undefined, skip: new Set(), list: false };
  const names = (v) => {
    const out = [];
    for (const n of v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const expanded = ALIASES[n] ?? (STAGES.some((s) => s.name === n) ? [n] : undefined);
      if (!expanded) fail(`unknown stage '${n}'; stages: ${STAGES.map((s) => s.name).join(', ')}, medium`);
      out.push(...expanded);
    }
    return out;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (a.includes('=') ? a.slice(a.indexOf('=') + 1) : (argv[++i] ?? fail(`${a} needs a value`)));
    if (a === '--only' || a.startsWith('--only=')) opts.only = new Set(names(value()));
    else if (a === '--skip' || a.startsWith('--skip=')) for (const n of names(value())) opts.skip.add(n);
    else if (a === '--list') opts.list = true;
    else if (a === '--help' || a === '-h') {
      console.log('usage: npm test [-- --only a,b | --skip a,b | --list]');
      console.log(`stages: ${STAGES.map((s) => s.name).join(', ')} (medium = medium-sqlite,medium-postgres)`);
      process.exit(0);
    } else fail(`unknown argument '${a}' (try --help)`);
  }
  return opts;
}

function fail(msg) {
  console.error(`npm test: ${msg}`);
  process.exit(2);
}

const fmtTime = (ms) =>
  ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const selected = STAGES.filter((s) => (!opts.only || opts.only.has(s.name)) && !opts.skip.has(s.name));
  if (opts.list) {
    for (const s of STAGES) console.log(`${s.name.padEnd(16)} ${s.title}`);
    return;
  }
  if (selected.length === 0) fail('no stage selected');

  const tmp = mkdtempSync(join(tmpdir(), 'envmon-test-'));
  process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
  let interrupted;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      if (interrupted) return;
      interrupted = sig;
      // The running stage fails and the summary is printed; the throwaway PostgreSQL stops itself.
      for (const c of children) killGroup(c, 'SIGTERM');
      setTimeout(() => process.exit(130), 15_000).unref();
    });
  }

  const started = Date.now();
  /** @type {{ stage: Stage, status: 'passed' | 'failed' | 'not run', ms: number, counts?: Counts, note?: string }[]} */
  const results = STAGES.map((stage) => ({ stage, status: 'not run', ms: 0 }));
  let failed;
  for (const [i, stage] of selected.entries()) {
    const r = results.find((x) => x.stage === stage);
    console.log(`\n━━ [${i + 1}/${selected.length}] ${stage.title}`);
    const t0 = Date.now();
    try {
      Object.assign(r, await stage.run({ tmp, timeout: stage.timeout }), { status: 'passed' });
    } catch (err) {
      Object.assign(r, { status: 'failed', counts: err.counts, error: err.message });
      const message = err instanceof StageError ? err.message : (err.stack ?? String(err));
      failed = { stage, message: interrupted ? `interrupted by ${interrupted}` : message };
    }
    r.ms = Date.now() - t0;
    const counts = r.counts
      ? ` — ${r.counts.passed} passed, ${r.counts.failed} failed${r.counts.skipped ? `, ${r.counts.skipped} skipped` : ''}`
      : '';
    console.log(`━━ ${stage.name} ${r.status} in ${fmtTime(r.ms)}${counts}${r.note ? ` (${r.note})` : ''}`);
    if (failed) break;
  }

  const total = { passed: 0, failed: 0 };
  console.log('\n━━ Summary');
  for (const r of results) {
    const chosen = selected.includes(r.stage);
    const status = chosen ? r.status : 'not selected';
    const counts = r.counts
      ? `${r.counts.passed} passed, ${r.counts.failed} failed${r.counts.skipped ? `, ${r.counts.skipped} skipped` : ''}`
      : '';
    console.log(
      `  ${r.stage.name.padEnd(16)} ${status.padEnd(12)} ${(r.status === 'not run' ? '' : fmtTime(r.ms)).padStart(12)}   ${counts}`,
    );
    if (r.counts) {
      total.passed += r.counts.passed;
      total.failed += r.counts.failed;
    }
  }
  const sqlite = results.find((r) => r.stage.name === 'medium-sqlite')?.counts;
  const pg = results.find((r) => r.stage.name === 'medium-postgres')?.counts;
  if (sqlite || pg) {
    const n = (c) => (c ? String(c.passed + c.failed) : 'not run');
    console.log(`  medium tests ran on SQLite: ${n(sqlite)}, on PostgreSQL: ${n(pg)}`);
    if (sqlite && pg && sqlite.passed + sqlite.failed !== pg.passed + pg.failed) {
      console.log('  warning: the medium suite ran a different number of tests on SQLite and on PostgreSQL');
    }
  }
  console.log(`  total time ${fmtTime(Date.now() - started)}`);
  if (failed) {
    console.log(`\nFAILED at stage '${failed.stage.name}': ${failed.message}`);
    const rest = selected.slice(selected.indexOf(failed.stage) + 1).map((s) => s.name);
    if (rest.length) console.log(`not run: ${rest.join(', ')}`);
  }
  console.log(`${total.passed} passed, ${total.failed} failed`);
  process.exitCode = interrupted ? 130 : failed ? 1 : 0;
}

await main();
