#!/usr/bin/env node
// The console's first load stays small (issue 22): the gzipped JavaScript and CSS a fresh browser
// downloads for /login, and for the first screen after sign-in, each within its budget.
//
//   node scripts/bundle-budget.mjs [dist]     dist: the console's build (default apps/web/dist)
//
// It reads the build's manifest (build.manifest in apps/web/vite.config.ts): what a page downloads
// is the entry chunk, the lazily loaded modules its route renders, everything they import
// statically (Vite preloads those with them) and their CSS; dynamic imports load later, on demand.
// Sizes are gzip's at level 9, as the build's precompressed .gz files that the server sends.
// e2e/first-load.spec.ts measures the same pages in a browser, the files it really fetched.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { RESOURCE_TREE } from '../packages/shared/dist/resources.js';

const KB = 1000;

/**
 * The login screen: the entry, the lazy page of the /login route, and the translations of the pages before
 * sign-in in the language shown (Chinese by default; the group chunk that apps/web/vite.config.ts names
 * `i18n-<language>`).
 */
const LOGIN = ['index.html', 'src/features/auth/pages/login-page.tsx', 'i18n-zh-CN'];

/**
 * A menu icon's drawing, which the shell's menu imports when it shows it (apps/web/src/config/resource-icons.ts):
 * that dynamic import's chunk — the drawing's own, or one named after it that a screen importing the icon shares —
 * unless a chunk of the page holds the drawing already.
 */
const iconDrawing = (name) => ({
  importedBy: 'src/app/router/shell.ts',
  key: `../../node_modules/@ant-design/icons-svg/es/asn/${name}.js`,
  name,
});

/** The icons the layout's menus show on a page of `groupCode`: every group's in the top bar, the group's pages' in the side bar. */
function menuIcons(groupCode) {
  const pages = RESOURCE_TREE.find((group) => group.code === groupCode)?.children ?? [];
  return [...new Set([...RESOURCE_TREE, ...pages].map((resource) => resource.icon))].map(iconDrawing);
}

/**
 * Per page: the manifest keys (source files) or chunk names whose chunks it needs, and its budget in gzipped kB.
 * The first screen after sign-in is the demo admin's landing page (the first page of the menu,
 * realtime data) inside the layout, with the translations they read, the login page's files already fetched, and
 * the drawings of the icons its menus show.
 *
 * Issue 22 aims at 250 kB for /login and 450 kB for the first screen. The budgets are what the console
 * downloads today (files under a kilobyte counted as sent, uncompressed), a little over: they only ever come down,
 * towards those aims, never up.
 * Neither loads zod. /login's calls are the schema-free PUBLIC_ROUTES of packages/shared, its boxes stop at the
 * schema's lengths and the server checks the rest. What still weighs on it: react-dom (64 kB), react-router,
 * i18next, antd's App (modal, message, notification) with the config provider and the styles of the components it
 * renders, TanStack Query.
 * The first screen's calls are the schema-free routes of packages/shared (REALTIME_ROUTES, ALARM_ROUTES,
 * DEVICE_ROUTES, DATA_AUDIT_ROUTES), the codes it reads are zod-free modules, and the push client checks frames
 * against the live schemas' JSON Schema (src/lib/live/live-frame.ts). Its table is antd's style on the virtual table
 * alone (src/components/virtual-table.tsx), without antd Table's filter, sorter and pager; the bell's alarm table and
 * a phone's menu drawer load when they open.
 */
export const PAGES = [
  { name: '/login', modules: LOGIN, budgetKB: 246 },
  {
    name: 'first screen after sign-in (/realtime/data)',
    modules: [
      ...LOGIN,
      'src/app/router/shell.ts',
      // The layout's translations (apps/web/src/lib/i18n-namespaces.ts SHELL_NAMESPACES) and the screen's, with
      // the loaders of the console's translation files.
      'src/lib/i18n-console-files.ts',
      ...['system', 'alarm', 'alarmList', 'realtime'].map((namespace) => `i18n-zh-CN-${namespace}`),
      'src/features/realtime/data/pages/realtime-data-page.tsx',
      // The push client's frame check (the live schemas as JSON Schema), fetched as its connection opens.
      'src/lib/live/live-frame.ts',
      ...menuIcons('realtime'),
    ],
    budgetKB: 432,
  },
];

/**
 * The files (JS and CSS) the modules' chunks (or named chunks) and their static imports consist of. A module is a
 * manifest key or chunk name, or `{ importedBy, key, name }`: the chunk that `importedBy` imports dynamically for the
 * module `key` (the module's own chunk, or one named `name`), none when a chunk of the page holds the module.
 */
export function pageFiles(manifest, modules) {
  const byName = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.name, key]));
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key] ?? manifest[byName.get(key)];
    if (!chunk) throw new Error(`the build's manifest has no entry '${key}' (renamed or no longer lazy?)`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) {
    if (typeof module === 'string') visit(module);
    else {
      const { dynamicImports = [] } = manifest[module.importedBy] ?? {};
      const chunk = dynamicImports.find((key) => key === module.key || manifest[key]?.name === module.name);
      if (chunk) visit(chunk);
    }
  }
  return [...files].filter((f) => /\.(js|css)$/.test(f));
}

/** Files smaller than this are sent as they are (apps/web/vite.config.ts precompresses from a kilobyte). */
const COMPRESSED_FROM_BYTES = 1024;

/** Size in bytes of each file as sent: gzipped, or as it is when small. */
function gzipSizes(dist, files) {
  return new Map(
    files.map((f) => {
      const content = readFileSync(join(dist, f));
      return [f, content.length < COMPRESSED_FROM_BYTES ? content.length : gzipSync(content, { level: 9 }).length];
    }),
  );
}

function main() {
  const dist = resolve(process.argv[2] ?? 'apps/web/dist');
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  } catch (err) {
    console.error(`bundle budget: no build manifest in ${dist} (npm run build first): ${err.message}`);
    process.exit(2);
  }
  let over = 0;
  for (const page of PAGES) {
    const sizes = gzipSizes(dist, pageFiles(manifest, page.modules));
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const ok = total <= page.budgetKB * KB;
    if (!ok) over++;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${page.name}: ${(total / KB).toFixed(1)} kB gzipped JS+CSS in ${sizes.size} files ` +
        `(budget ${page.budgetKB} kB)`,
    );
    if (!ok || process.env.BUNDLE_BUDGET_VERBOSE) {
      for (const [file, size] of [...sizes].sort((a, b) => b[1] - a[1])) {
        console.log(`       ${(size / KB).toFixed(1).padStart(7)} kB  ${file}`);
      }
    }
  }
  if (over) {
    console.error(
      `bundle budget: ${over} page(s) over budget; see what grew above (BUNDLE_BUDGET_VERBOSE=1 lists every file)`,
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
