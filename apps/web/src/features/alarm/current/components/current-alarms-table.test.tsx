// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { testAlarm } from '../alarm.test-support';
import { CurrentAlarmsTable } from './current-alarms-table';
import { installAntdShims } from '../../../../test/render';

beforeAll(installAntdShims);

afterEach(cleanup);

const alarms = [
  testAlarm(1, { workOrder: { orderStatus: 1 } }),
  testAlarm(2, {
    workOrder: { orderStatus: 3 },
    factor: null,
    factorCode: null,
    alarmType: 2,
    alarmValue: null,
    standardValue: null,
  }),
  testAlarm(3, { alarmType: 5, symbol: 7, overflowType: 2, standardValue: '1,2,3', workOrder: { orderStatus: 2 } }),
];

function rows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((row) => row.getAttribute('data-row-key') !== null);
}

describe('CurrentAlarmsTable', () => {
  it('shows the spec columns in the console language', async () => {
    await i18n.changeLanguage('zh-CN');
    render(<CurrentAlarmsTable alarms={alarms} onOpenWorkOrder={() => undefined} />);
    const titles = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(titles).toEqual([
      '序号',
      '设备名称',
      '因子名称',
      '溢流类型',
      '告警开始时间',
      '告警值',
      '标准值',
      '告警类型',
      '工单状态',
    ]);
    const [first] = rows();
    expect(within(first!).getByText('化学需氧量')).toBeTruthy();
    expect(within(first!).getByText('阈值告警')).toBeTruthy();
  });

  it('shows a handled work order as plain text and the others as links to the work order', async () => {
    await i18n.changeLanguage('en-US');
    const onOpen = vi.fn();
    render(<CurrentAlarmsTable alarms={alarms} onOpenWorkOrder={onOpen} />);
    const [pending, handled, inProgress] = rows();
    expect(within(handled!).getByText('Finished').closest('a')).toBeNull();
    expect(within(pending!).getByText('Pending').closest('a')).not.toBeNull();
    // English factor names, the breaker text of symbol 7 and the overflow type label.
    expect(within(pending!).getByText('COD')).toBeTruthy();
    expect(within(inProgress!).getByText('Exceeds the fluctuation rate')).toBeTruthy();
    expect(within(inProgress!).getByText('Full pipe')).toBeTruthy();
    fireEvent.click(within(inProgress!).getByText('In progress'));
    expect(onOpen).toHaveBeenCalledWith(alarms[2]);
  });
});
