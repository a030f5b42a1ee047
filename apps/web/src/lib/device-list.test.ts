import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from './api';
import { deployGroupsQueryOptions } from './deploy-groups';
import { deviceKeys, getDevicePage, projectDevicesQueryOptions } from './device-list';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn() }));
vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));

afterEach(() => api.get.mockReset());

describe('device keys', () => {
  it("keep every device read and the deploy groups under ['devices'], so one invalidation reaches them all", () => {
    expect(deviceKeys.all).toEqual(['devices']);
    expect(deviceKeys.options(4)).toEqual(['devices', 'options', 4]);
    expect(deviceKeys.options(undefined)).toEqual(['devices', 'options', null]);
    expect(deviceKeys.groups(2)).toEqual(['devices', 'groups', 2]);
    expect(projectDevicesQueryOptions(4).queryKey).toEqual(['devices', 'options', 4]);
    expect(deployGroupsQueryOptions(1).queryKey).toEqual(['devices', 'groups', 1]);
  });
});

describe('device calls', () => {
  it('reads a page of devices from getAll with the filters and the options given', async () => {
    api.get.mockResolvedValue({ list: [], total: 0 });
    await getDevicePage({ projectId: 3, pageNum: 1, pageSize: 200 }, { quiet: true });
    expect(api.get).toHaveBeenCalledWith(
      '/manager/system/device/rest/getAll',
      { projectId: 3, pageNum: 1, pageSize: 200 },
      { quiet: true },
    );
  });

  it('reads the deploy groups of a type from the classify list', async () => {
    api.get.mockResolvedValue([]);
    await new QueryClient().fetchQuery(deployGroupsQueryOptions(2));
    expect(api.get).toHaveBeenCalledWith('/manager/system/device/deploy/classify/rest/findAll', { deployType: 2 });
  });
});
