/** Query keys of the real-time screens (STYLE.md rule 7). */
export const realtimeKeys = {
  all: ['realtime'] as const,
  latest: (projectId: number | null) => ['realtime', 'latest', projectId] as const,
  recent: (deviceId: number, factorCodes: readonly string[], minutes: number) =>
    ['realtime', 'recent', deviceId, factorCodes.join(','), minutes] as const,
};
