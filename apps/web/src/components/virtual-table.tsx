import {
  type ColumnsType,
  VirtualTable as ImmutableVirtualTable,
  type VirtualTableProps as RcVirtualTableProps,
} from '@rc-component/table';
import { ConfigProvider, Spin, theme } from 'antd';
// antd's own table style (its tokens, both themes), without the Table component that carries it.
import useTableStyle from 'antd/es/table/style';
import type { ReactElement, ReactNode } from 'react';
import { use } from 'react';

export type VirtualTableColumns<Row> = ColumnsType<Row>;

/** The virtual table with its own props (its export is typed as the plain table's). */
const RcVirtualTable = ImmutableVirtualTable as unknown as <Row>(
  props: RcVirtualTableProps<Row> & { 'data-testid'?: string },
) => ReactElement;

interface VirtualTableProps<Row> {
  columns: VirtualTableColumns<Row>;
  rows: readonly Row[];
  rowKey: keyof Row & string;
  /** The width of all columns and the height of the body: the rows in view are rendered, no others. */
  scroll: { x: number; y: number };
  loading: boolean;
  emptyText: ReactNode;
  'data-testid'?: string;
}

/**
 * A read-only table of many rows for live screens: antd's small table, look and classes, virtualised, without
 * antd Table's sorting, filter dropdowns, selection and pagination, which a live screen does not use but whose
 * code (a tree, checkboxes, radios, a pager, 40 kB) antd's Table always brings — too much for the console's first
 * screen. Columns are `@rc-component/table`'s, which antd's extend: key, dataIndex, title, width, align, fixed,
 * ellipsis, render.
 */
export function VirtualTable<Row extends object>({
  columns,
  rows,
  rowKey,
  scroll,
  loading,
  emptyText,
  'data-testid': testId,
}: VirtualTableProps<Row>) {
  const { getPrefixCls } = use(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('table');
  const rootCls = `${prefixCls}-css-var`;
  const [hashId, cssVarCls] = useTableStyle(prefixCls, rootCls);
  const { token } = theme.useToken();
  // One row's height as antd's small table has it; the virtual list places rows by it.
  const rowHeight = token.paddingXS * 2 + Math.floor(token.fontSize * token.lineHeight) + token.lineWidth;
  const classes = [cssVarCls, rootCls, hashId];

  return (
    <div className={[...classes, `${prefixCls}-wrapper`].join(' ')}>
      <Spin spinning={loading}>
        <RcVirtualTable
          prefixCls={prefixCls}
          className={[`${prefixCls}-small`, rows.length === 0 ? `${prefixCls}-empty` : '', ...classes].join(' ')}
          columns={columns}
          data={rows}
          rowKey={rowKey}
          scroll={scroll}
          listItemHeight={rowHeight}
          emptyText={emptyText}
          data-testid={testId}
        />
      </Spin>
    </div>
  );
}
