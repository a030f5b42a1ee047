/** Types of scripts/nats.mjs, for the TypeScript that starts a throwaway NATS server (tests, benchmarks). */
export class NatsUnavailableError extends Error {}
export function findNatsServer(): string | undefined;
export function startNats(options?: { log?: (message: string) => void }): Promise<{
  url: string;
  stop: () => Promise<void>;
}>;
