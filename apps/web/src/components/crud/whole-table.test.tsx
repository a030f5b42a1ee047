// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installAntdShims, renderWithProviders } from '../../test/render';
import { WholeTable } from './whole-table';

interface Row {
  id: number;
  name: string;
}

const COLUMNS = [{ key: 'name', dataIndex: 'name', title: 'Name' }];
const ROWS: Row[] = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));

beforeAll(installAntdShims);
afterEach(cleanup);

describe('WholeTable', () => {
  it('shows every row, without pages', () => {
    renderWithProviders(<WholeTable<Row> rowKey="id" columns={COLUMNS} dataSource={ROWS} data-testid="rows" />);
    expect(screen.getByText('row 30')).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(document.querySelector('.ant-table-small')).not.toBeNull();
  });

  it('keeps its read’s failure above it with a way to try again', () => {
    const refetch = vi.fn();
    const query = { error: new Error('down'), isPending: false, refetch } as never;
    renderWithProviders(<WholeTable<Row> query={query} rowKey="id" columns={COLUMNS} dataSource={[]} />);
    expect(screen.getByText('down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /retry|重 ?试|common\.actions\.retry/i }));
    expect(refetch).toHaveBeenCalled();
  });
});
