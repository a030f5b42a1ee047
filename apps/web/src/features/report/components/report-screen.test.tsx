// @vitest-environment jsdom
import { queryOptions } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../test/render';
import { ReportScreen, type ReportScreenDefinition } from './report-screen';
import { statisticsFilter } from './statistics-filter-bar';

vi.mock('../../../app/providers/preferences', () => ({ usePreferences: () => ({ theme: 'dark' }) }));
const drawn = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock('../../../components/chart/echart', () => ({
  EChart: ({ option, ...rest }: { option: unknown; 'data-testid': string }) => {
    drawn.options.push(option);
    return <div data-testid={rest['data-testid']} />;
  },
}));

interface Params {
  station: string;
  mode?: string;
}
interface Report {
  values: number[];
}

const read = vi.fn<(params: Params) => Promise<Report>>();
const query = (params: Params | null) =>
  queryOptions({
    queryKey: ['report', 'test', params],
    queryFn: () => read(params as Params),
    enabled: params !== null,
  });

type Key = (string | Params | null)[];

/** A filter bar of one search button (the mode, when given, in its filters). */
const filter = (refetchSameSearch: boolean, mode?: string) => ({
  refetchSameSearch,
  render: (onSearch: (params: Params) => void) => (
    <div data-testid={`filter-${mode ?? 'none'}`}>
      <button type="button" onClick={() => onSearch({ station: 'A', ...(mode ? { mode } : {}) })}>
        search A
      </button>
    </div>
  ),
});

const screenOf = (
  overrides: Partial<ReportScreenDefinition<Params, Report, Key>>,
): ReportScreenDefinition<Params, Report, Key> => ({
  testId: 'test-report',
  help: () => 'help text',
  filter: filter(true),
  query,
  exportUrl: '/test/export',
  isEmpty: (data) => data.values.length === 0,
  body: (part) => [
    part.title((data) => `${data.values.length} values`, 'test-title'),
    part.chart((data, { theme }) => (data.values.length > 1 ? { option: { theme, data: data.values } } : null)),
    part.table({
      testId: 'test-table',
      rows: (data) => data.values.map((v) => ({ v })),
      rowKey: 'v',
      props: () => ({ pagination: false }),
      columns: (_, { t }) => [{ key: 'v', title: t('report.columns.avg'), dataIndex: 'v' }],
    }),
  ],
  ...overrides,
});

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  drawn.options = [];
  read.mockResolvedValue({ values: [1, 2] });
});
afterEach(() => {
  cleanup();
  read.mockReset();
});

describe('ReportScreen', () => {
  it('prompts, then shows the parts in order once searched; the chart in the theme', async () => {
    renderWithProviders(<ReportScreen definition={screenOf({ prompt: () => 'pick something' })} />);
    expect(screen.getByText('help text')).toBeTruthy();
    expect(screen.getByText('pick something')).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('search A'));
    expect((await screen.findByTestId('test-title')).textContent).toBe('2 values');
    expect(read).toHaveBeenCalledWith({ station: 'A' });
    const page = screen.getByTestId('test-report');
    const order = ['test-title', 'report-chart', 'test-table'].map((id) =>
      page.innerHTML.indexOf(`data-testid="${id}"`),
    );
    expect(order.every((at, i) => at > -1 && (i === 0 || at > (order[i - 1] as number)))).toBe(true);
    expect(drawn.options.at(-1)).toEqual({ theme: 'dark', data: [1, 2] });
    expect(screen.getByTestId('test-table').textContent).toContain('平均值');
  });

  it('leaves the chart out when its builder answers null, and shows `instead` when it answers', async () => {
    read.mockResolvedValue({ values: [7] });
    const { unmount } = renderWithProviders(<ReportScreen definition={screenOf({})} />);
    fireEvent.click(screen.getByText('search A'));
    await screen.findByTestId('test-table');
    expect(screen.queryByTestId('report-chart')).toBeNull();
    unmount();

    renderWithProviders(<ReportScreen definition={screenOf({ instead: () => <p data-testid="instead">none</p> })} />);
    fireEvent.click(screen.getByText('search A'));
    expect(await screen.findByTestId('instead')).toBeTruthy();
    expect(screen.queryByTestId('test-table')).toBeNull();
  });

  it('reads again on the same search for the report bars, keeps the answer for the statistics bars', async () => {
    const { unmount } = renderWithProviders(<ReportScreen definition={screenOf({ filter: filter(true) })} />);
    fireEvent.click(screen.getByText('search A'));
    await screen.findByTestId('test-table');
    fireEvent.click(screen.getByText('search A'));
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    unmount();

    read.mockClear();
    renderWithProviders(<ReportScreen definition={screenOf({ filter: filter(false) })} />);
    fireEvent.click(screen.getByText('search A'));
    await screen.findByTestId('test-table');
    fireEvent.click(screen.getByText('search A'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('draws a filter bar per mode and clears the report when the mode changes', async () => {
    const definition: ReportScreenDefinition<Params, Report, Key, string> = {
      ...screenOf({}),
      prompt: (_t, mode: string) => `prompt ${mode}`,
      modes: { values: ['one', 'two'], initial: 'one', label: (m) => `mode ${m}`, testId: 'test-modes' },
      filter: (mode: string) => filter(true, mode),
    };
    renderWithProviders(<ReportScreen definition={definition} />);
    expect(screen.getByText('prompt one')).toBeTruthy();
    fireEvent.click(screen.getByText('search A'));
    await screen.findByTestId('test-table');
    expect(read).toHaveBeenCalledWith({ station: 'A', mode: 'one' });
    fireEvent.click(screen.getByText('mode two'));
    expect(await screen.findByText('prompt two')).toBeTruthy();
    expect(screen.getByTestId('filter-two')).toBeTruthy();
    expect(screen.queryByTestId('test-table')).toBeNull();
  });
});

describe('statisticsFilter', () => {
  interface Form {
    timeUnit: string;
    range: [Dayjs, Dayjs];
    note?: string;
  }

  const barFor = (unit: string, toParams: (form: Form) => Params) =>
    statisticsFilter({
      initialValues: (): Form => ({ timeUnit: unit, range: [dayjs('2026-03-01'), dayjs('2026-03-20')] }),
      fields: [
        { field: 'unit', units: ['day', 'hour'] },
        { field: 'range', fits: (r, u) => r[1].diff(r[0], 'day') < (u === 'day' ? 10 : 40), maxDays: () => 10 },
        {
          field: 'custom',
          render: (_t, u) => (
            <Form.Item name="note" label={`note ${u}`}>
              <Input />
            </Form.Item>
          ),
        },
      ],
      searchTestId: 'test-search',
      toParams,
    });

  it('validates the range against the chosen unit and hands the form to toParams', { timeout: 15_000 }, async () => {
    const toParams = vi.fn((form: Form) => ({ station: form.note ?? '', mode: form.timeUnit }));
    const onSearch = vi.fn();
    const days = barFor('day', toParams);
    const { unmount } = renderWithProviders(<>{days.render(onSearch)}</>);
    expect(days.refetchSameSearch).toBe(false);
    expect(screen.getByText('note day')).toBeTruthy();
    fireEvent.click(screen.getByTestId('test-search'));
    expect(await screen.findByText('日期范围不能超过 10 天')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
    unmount();

    renderWithProviders(<>{barFor('hour', toParams).render(onSearch)}</>);
    expect(screen.getByText('note hour')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('note hour'), { target: { value: 'B' } });
    fireEvent.click(screen.getByTestId('test-search'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ station: 'B', mode: 'hour' }));
  });
});
