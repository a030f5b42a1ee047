import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers (STYLE.md rule 13): `unit` (pure functions, services with fakes, components in
 * jsdom) and `medium` (server routes through app.inject() on a real database — SQLite, or
 * PostgreSQL when TEST_DATABASE_URL is set), and `cluster` (the built server as several processes
 * behind a load balancer). Browser tests are Playwright's, under e2e/.
 */
export default defineConfig({
  test: {
    // Vitest leaves a core free by default; on a 2-core CI machine that means one test file at a time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'eslint-rules/**/*.test.js',
          ],
          exclude: ['**/*.medium.test.ts', '**/*.cluster.test.ts', '**/node_modules/**', '**/dist/**'],
          environment: 'node',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'medium',
          include: ['apps/server/src/**/*.medium.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Processes of the built server (npm run build first) behind haproxy, on NATS and PostgreSQL.
        test: {
          name: 'cluster',
          include: ['apps/server/src/**/*.cluster.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
