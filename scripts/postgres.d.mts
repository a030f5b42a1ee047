/** Types of scripts/postgres.mjs, for the TypeScript that starts a throwaway PostgreSQL (tests). */
export class PostgresUnavailableError extends Error {}
export function findPostgresBinDir(): string | undefined;
export function startPostgres(options?: { log?: (message: string) => void }): Promise<{
  url: string;
  external: boolean;
  stop: () => void;
  connections: () => number | undefined;
}>;
