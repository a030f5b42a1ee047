// @vitest-environment jsdom
import type { Alarm, WorkOrderEvent } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../components/can';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { testAlarm } from '../../current/alarm.test-support';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import { WorkOrderDrawer } from './work-order-drawer';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const READER: Permissions = { isAdmin: false, codes: new Set(['alarm.list']) };
const WRITER: Permissions = { isAdmin: false, codes: new Set(['alarm.list', 'alarm.list:write']) };

const TRAIL: WorkOrderEvent[] = [
  {
    id: 1,
    alarmId: 5,
    fromStatus: 1,
    toStatus: 2,
    userId: 3,
    userName: 'zhangsan',
    comment: '已派人',
    createTime: 1_763_000_000_000,
  },
];

const moveButtons = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid^="work-order-move-"]')].map((b) => b.dataset.testid);

function open(alarm: Alarm, permissions: Permissions = WRITER, onMoved = vi.fn()) {
  renderWithProviders(<WorkOrderDrawer alarm={alarm} onClose={() => undefined} onMoved={onMoved} />, permissions);
  return onMoved;
}

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockResolvedValue(TRAIL);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('WorkOrderDrawer', { timeout: 30_000 }, () => {
  it.each([
    [1, ['work-order-move-2', 'work-order-move-4']],
    [2, ['work-order-move-3', 'work-order-move-4']],
    [3, []],
    [4, []],
  ])('offers from status %i only the moves the transitions allow', async (status, expected) => {
    open(testAlarm(5, { workOrder: { orderStatus: status } }));
    await screen.findByText('已派人');
    expect(moveButtons()).toEqual(expected);
    expect(screen.queryByTestId('work-order-comment') === null).toBe(expected.length === 0);
  });

  it('shows the audit trail: who, from → to, and the comment', async () => {
    open(testAlarm(5));
    const trail = await screen.findByTestId('work-order-history');
    expect(within(trail).getByText('zhangsan：待处理 → 处理中')).toBeTruthy();
    expect(within(trail).getByText('已派人')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/manager/alarm/workorder/rest/getHistory', { alarmId: 5 });
  });

  it('sends the move with the trimmed comment and hands back the moved alarm', async () => {
    const moved = testAlarm(5, { workOrder: { orderStatus: 2 } });
    api.post.mockResolvedValue(moved);
    const onMoved = open(testAlarm(5));
    await screen.findByText('已派人');
    fireEvent.change(screen.getByTestId('work-order-comment'), { target: { value: '  现场核查  ' } });
    fireEvent.click(screen.getByTestId('work-order-move-2'));
    await waitFor(() => expect(onMoved).toHaveBeenCalledWith(moved));
    expect(api.post).toHaveBeenCalledWith('/manager/alarm/workorder/rest/update', {
      alarmId: 5,
      orderStatus: 2,
      comment: '现场核查',
    });
  });

  it('sends no comment when none is written', async () => {
    api.post.mockResolvedValue(testAlarm(5, { workOrder: { orderStatus: 4 } }));
    open(testAlarm(5));
    await screen.findByText('已派人');
    fireEvent.click(screen.getByTestId('work-order-move-4'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/alarm/workorder/rest/update', {
        alarmId: 5,
        orderStatus: 4,
        comment: null,
      }),
    );
  });

  it('offers no moves without the write permission', async () => {
    open(testAlarm(5), READER);
    await screen.findByText('已派人');
    expect(moveButtons()).toEqual([]);
    expect(screen.queryByTestId('work-order-actions')).toBeNull();
  });

  it('names a breaker alarm by its symbol', async () => {
    open(testAlarm(5, { alarmType: 5, symbol: 7 }));
    expect(await screen.findByText(i18n.t('alarm.breaker.fluctuation'))).toBeTruthy();
  });
});
