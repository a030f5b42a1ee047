/**
 * `--services=http,gateway,forward,scheduler` (DESIGN.md 'One picture'): which parts this process runs.
 * `http` (API and console), `gateway` (HJ 212 over TCP, ingest), `forward` (data forwarded to upstream
 * platforms, issue 20) and `scheduler` (the scheduled jobs, issue 21). A name this build lacks would be reported
 * as absent rather than pretended.
 */
export const KNOWN_SERVICES = ['http', 'gateway', 'forward', 'scheduler'] as const;
export type ServiceName = (typeof KNOWN_SERVICES)[number];
export const BUILT_SERVICES: readonly ServiceName[] = ['http', 'gateway', 'forward', 'scheduler'];

export interface ServiceSelection {
  run: ServiceName[];
  absent: ServiceName[];
}

export function parseServices(argv: readonly string[]): ServiceSelection {
  const arg = argv.find((a) => a.startsWith('--services='));
  const requested = arg
    ? arg
        .slice('--services='.length)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [...KNOWN_SERVICES];
  const unknown = requested.filter((s) => !(KNOWN_SERVICES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw new Error(`Unknown service(s): ${unknown.join(', ')}. Known: ${KNOWN_SERVICES.join(', ')}`);
  }
  const names = [...new Set(requested)] as ServiceName[];
  return {
    run: names.filter((s) => BUILT_SERVICES.includes(s)),
    absent: names.filter((s) => !BUILT_SERVICES.includes(s)),
  };
}
