import type { Page, StationCommand } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { ACTIVE_REFETCH_MS, commandPageQueryOptions } from './get-commands';

const page = (...states: StationCommand['state'][]): Page<StationCommand> => ({
  list: states.map((state, i) => ({ id: i + 1, state }) as StationCommand),
  total: states.length,
  pageNum: 1,
  pageSize: 20,
});

/** The options' refetch interval for a query holding `data`. */
function intervalFor(data: Page<StationCommand> | undefined) {
  const { refetchInterval } = commandPageQueryOptions({ pageNum: 1, pageSize: 20 });
  if (typeof refetchInterval !== 'function') throw new Error('the interval depends on the data');
  return refetchInterval({ state: { data } } as unknown as Parameters<typeof refetchInterval>[0]);
}

describe('the command list', () => {
  it('is read again every 2 s while a command on the page is queued, sent or accepted, and not otherwise', () => {
    expect(ACTIVE_REFETCH_MS).toBe(2_000);
    expect(intervalFor(page('executed', 'queued'))).toBe(ACTIVE_REFETCH_MS);
    expect(intervalFor(page('sent'))).toBe(ACTIVE_REFETCH_MS);
    expect(intervalFor(page('failed', 'accepted'))).toBe(ACTIVE_REFETCH_MS);
    expect(intervalFor(page('executed', 'refused', 'failed', 'timeout', 'expired', 'withdrawn', 'interrupted'))).toBe(
      false,
    );
    expect(intervalFor(undefined)).toBe(false);
  });
});
