import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PUBLIC_NAMESPACES } from './src/lib/i18n-namespaces';

/** The API server in development (`npm run dev:server`, PORT 8080). */
const API_TARGET = 'http://localhost:8080';

/** Every service prefix of the HTTP contract, plus the push socket and the API reference. */
const PROXIED = ['/manager', '/data', '/dgs', '/drsm', '/openapi.json', '/api-docs'];

/**
 * The zod-free declarations of packages/shared that every page needs from its first download (the api client's
 * envelope check and limits, the routes called before sign-in): one small file rather than one each.
 */
const SHARED_BASE =
  /[\\/]packages[\\/]shared[\\/]dist[\\/](limits|console-sizes|envelope-status|api[\\/]public-routes|api[\\/]endpoint)\.js$/;

/** A translation file: packages/shared/src/i18n/<language>/<namespace>.json. */
const TRANSLATION_FILE = /[\\/]packages[\\/]shared[\\/]src[\\/]i18n[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/;

/**
 * Forced groups: zod (src/lib/zod-config.ts, in the entry, configures it without importing it); SHARED_BASE;
 * each language's translations of the pages before sign-in (PUBLIC_NAMESPACES) as one file, and each other namespace
 * as a file of its own, named (src/lib/i18n.ts fetches those of the language shown that the layout and the screen read). Everything else, antd included,
 * rolldown splits by use, so that the login page downloads only the components it renders and each screen what it
 * adds (scripts/bundle-budget.mjs holds them to it).
 */
const CHUNK_GROUPS: { name: string | ((id: string) => string); test: RegExp }[] = [
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
  { name: 'shared-base', test: SHARED_BASE },
  {
    name: (id) => {
      const [, language = '', namespace = ''] = TRANSLATION_FILE.exec(id) ?? [];
      return PUBLIC_NAMESPACES.includes(namespace) ? `i18n-${language}` : `i18n-${language}-${namespace}`;
    },
    test: TRANSLATION_FILE,
  },
];

/** Text files worth compressing: below a kilobyte the headers weigh more than the saving. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a gzip (.gz) and a brotli (.br) copy beside every compressible file of the build, at their best
 * ratios, once: the server sends the one the browser accepts (apps/server plugins/web-console.ts,
 * @fastify/static preCompressed), so a phone on a slow network downloads a third of the bytes.
 */
function precompress(): Plugin {
  const toGzip = promisify(gzip);
  const toBrotli = promisify(brotliCompress);
  return {
    name: 'envmon:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = join(dir, name);
          const content = await readFile(file);
          if (content.length < COMPRESS_MIN_BYTES) return;
          const [gz, br] = await Promise.all([
            toGzip(content, { level: 9 }),
            toBrotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}

export default defineConfig({
  // The config's own folder, so that `vite` works from the repository root as well as from apps/web.
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  plugins: [react(), precompress()],
  server: {
    proxy: {
      ...Object.fromEntries(PROXIED.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: true }])),
      '/websocket': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: Object.fromEntries(PROXIED.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-budget.mjs reads which files each page downloads from it.
    manifest: true,
    // The largest files are screens' own libraries, loaded with them only: echarts, hls.js, the world map.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // packages/shared only declares (schemas, calls, vocabularies): a chunk gets the modules of it that it
      // uses, not every module its index re-exports — the login page would otherwise carry the whole contract.
      // antd's @rc-component packages have no side effects either: without this the login page carried the
      // form store and validator, the trigger and the text area that antd's modules import but it never renders.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]shared[\\/]dist[\\/]/, sideEffects: false },
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: CHUNK_GROUPS,
        },
      },
    },
  },
});
