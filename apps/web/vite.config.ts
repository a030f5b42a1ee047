import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server in development (`npm run dev:server`, PORT 8080). */
const API_TARGET = 'http://localhost:8080';

/** Every service prefix of the HTTP contract, plus the push socket and the API reference. */
const PROXIED = ['/manager', '/data', '/dgs', '/drsm', '/openapi.json', '/api-docs'];

/** Vendor groups: large, rarely changing libraries get their own long-cached files. */
const VENDOR_CHUNKS: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+)[\\/]/ },
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender|echarts-for-react)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|dayjs)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  // With its configuration (src/lib/zod-config.ts), which must run before any chunk builds a schema.
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
    // antd (with its rc-components) is one long-cached vendor file of about 1.1 MB (360 kB gzipped).
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR_CHUNKS,
        },
      },
    },
  },
});
