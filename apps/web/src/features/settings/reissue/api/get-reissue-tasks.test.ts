import type { Page, ReissueTask } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { RUNNING_REFETCH_MS, reissueTaskPageQueryOptions } from './get-reissue-tasks';

const page = (...statuses: ReissueTask['status'][]): Page<ReissueTask> => ({
  list: statuses.map((status, i) => ({ id: i + 1, status }) as ReissueTask),
  total: statuses.length,
  pageNum: 1,
  pageSize: 20,
});

/** The options' refetch interval for a query holding `data`. */
function intervalFor(data: Page<ReissueTask> | undefined) {
  const { refetchInterval } = reissueTaskPageQueryOptions({ pageNum: 1, pageSize: 20 });
  if (typeof refetchInterval !== 'function') throw new Error('the interval depends on the data');
  return refetchInterval({ state: { data } } as unknown as Parameters<typeof refetchInterval>[0]);
}

describe('the reissue task list', () => {
  it('is read again every 3 s while a task on the page runs, and not otherwise', () => {
    expect(intervalFor(page('done', 'running'))).toBe(RUNNING_REFETCH_MS);
    expect(RUNNING_REFETCH_MS).toBe(3_000);
    expect(intervalFor(page('done', 'failed', 'complete'))).toBe(false);
    expect(intervalFor(undefined)).toBe(false);
  });
});
