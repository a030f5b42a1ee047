// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { reportEndpoints } from '@envmon/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../lib/api';
import { setSelectedProjectId } from '../../../lib/project';
import { reportQuery, withSelectedProject } from './report-query';
import { defineReportScreen } from './report-screen';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn() }));
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));

afterEach(() => {
  api.get.mockReset();
  setSelectedProjectId(null);
});

const params = {
  deviceId: 7,
  timeUnit: 'hour' as const,
  beginTime: 1_000,
  endTime: 2_000,
  projectId: 3,
};

describe('reportQuery', () => {
  it("keys the read under ['report', <name>] and the searched filters", () => {
    expect(reportQuery(reportEndpoints.singleStation.read)(params).queryKey).toEqual([
      'report',
      'singleStation',
      params,
    ]);
    expect(reportQuery(reportEndpoints.summary.read)(null).queryKey).toEqual(['report', 'summary', null]);
  });

  it('waits for a search', () => {
    expect(reportQuery(reportEndpoints.singleStation.read)(null).enabled).toBe(false);
    expect(reportQuery(reportEndpoints.singleStation.read)(params).enabled).toBe(true);
  });

  it("reads the declared path with the filters and answers the envelope's data", async () => {
    api.get.mockResolvedValue({ rows: [] });
    const client = new QueryClient();
    const data = await client.fetchQuery(reportQuery(reportEndpoints.singleStation.read)(params));
    expect(data).toEqual({ rows: [] });
    expect(api.get).toHaveBeenCalledWith('/data/report/rest/singleStation', params);
    // A copy: the cached key's object is never handed to the client.
    expect(api.get.mock.calls[0]?.[1]).not.toBe(params);
  });

  it('names the export step of the same report', () => {
    expect(reportEndpoints.transmission.export.path).toBe('/data/report/rest/transmission/export');
    expect(reportEndpoints.factorBar.export.path).toBe('/data/report/rest/factorBar/export');
  });
});

describe('defineReportScreen', () => {
  it("reads and exports through the screen's declared calls", () => {
    const screen = defineReportScreen(reportEndpoints.radar, {
      testId: 'test',
      help: () => '',
      filter: { refetchSameSearch: true, render: () => null },
      isEmpty: () => false,
      body: () => [],
    });
    expect(screen.exportUrl).toBe('/data/report/rest/radar/export');
    expect(screen.query(null).queryKey).toEqual(['report', 'radar', null]);
  });
});

describe('withSelectedProject', () => {
  it("adds the header's project last, when one is chosen", () => {
    expect(withSelectedProject({ deviceId: 7 })).toEqual({ deviceId: 7 });
    setSelectedProjectId(3);
    expect(Object.entries(withSelectedProject({ deviceId: 7 }))).toEqual([
      ['deviceId', 7],
      ['projectId', 3],
    ]);
  });
});
