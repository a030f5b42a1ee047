import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server in development (`npm run dev:server`, PORT 8080). */
const API_TARGET = 'http://localhost:8080';

/** Every service prefix of the HTTP contract, plus the push socket and the API reference. */
const PROXIED = ['/manager', '/data', '/dgs', '/drsm', '/openapi.json', '/api-docs'];

/**
 * The one forced group: zod with its configuration (src/lib/zod-config.ts), which must run before any chunk
 * builds a schema. Everything else, antd included, rolldown splits by use, so that the login page downloads
 * only the components it renders and each screen what it adds (scripts/bundle-budget.mjs holds them to it).
 */
const CHUNK_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/ },
];

export default defineConfig({
  // The config's own folder, so that `vite` works from the repository root as well as from apps/web.
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  plugins: [react()],
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
    // antd (with its rc-components) is one long-cached vendor file of about 1.1 MB (360 kB gzipped).
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        manualPureFunctions: ['lazy'],
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]shared[\\/]dist[\\/]/, sideEffects: false },
          { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
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
