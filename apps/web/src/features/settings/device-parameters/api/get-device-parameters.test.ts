import type { DeviceParameter, StationCommand } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { ACTIVE_REFETCH_MS } from '../../../station-control';
import {
  deviceParametersQueryOptions,
  followReads,
  READ_FOLLOW_MS,
  readsPending,
  refetchIntervalOf,
} from './get-device-parameters';

const row = (commandId: number | null, commandState: DeviceParameter['commandState']): DeviceParameter => ({
  id: commandId ?? 0,
  deviceId: 1,
  name: 'RtdInterval',
  polId: '',
  reportedValue: '30',
  reportedTime: 0,
  wantedValue: null,
  wantedTime: null,
  commandId,
  commandState,
  settable: true,
});
const command = (id: number, expireTime: number) => ({ id, expireTime }) as StationCommand;

describe('the parameter table', () => {
  it('is read again every 2 s while a command about a row is queued or sent, and not otherwise', () => {
    expect(ACTIVE_REFETCH_MS).toBe(2_000);
    expect(refetchIntervalOf([row(1, 'executed'), row(2, 'sent')], null, 0)).toBe(ACTIVE_REFETCH_MS);
    expect(refetchIntervalOf([row(1, 'queued')], null, 0)).toBe(ACTIVE_REFETCH_MS);
    expect(refetchIntervalOf([row(1, 'executed'), row(null, null)], null, 0)).toBe(false);
    expect(refetchIntervalOf(undefined, null, 0)).toBe(false);
  });

  it("awaits the answers to 'read all' until each read has ended on a row, or its time is past", () => {
    const reads = followReads([command(7, 600_000), command(8, 600_000)], 1_000);
    expect(reads).toEqual({ ids: [7, 8], until: 1_000 + READ_FOLLOW_MS });
    expect(readsPending(reads, [], 2_000)).toBe(true);
    expect(refetchIntervalOf([], reads, 2_000)).toBe(ACTIVE_REFETCH_MS);
    expect(readsPending(reads, [row(7, 'executed')], 2_000)).toBe(true);
    expect(readsPending(reads, [row(7, 'executed'), row(8, 'timeout')], 2_000)).toBe(false);
    expect(readsPending(reads, [row(7, 'executed'), row(8, 'sent')], 2_000)).toBe(true);
    expect(readsPending(reads, [], 1_000 + READ_FOLLOW_MS)).toBe(false);
    expect(followReads([], 0)).toBeNull();
    // A command that expires sooner is awaited no longer.
    expect(followReads([command(9, 5_000)], 1_000)?.until).toBe(5_000);
  });

  it('is cached under the declared root, one entry per device', () => {
    expect(deviceParametersQueryOptions(3).queryKey).toEqual(['deviceParameters', { deviceId: 3 }]);
  });
});
