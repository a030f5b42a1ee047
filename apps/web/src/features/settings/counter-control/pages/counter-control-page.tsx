import type { Page, StationCommand } from '@envmon/shared';
import { PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, type TableColumnsType, Tooltip, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../components/can';
import { useListDelete } from '../../../../components/crud/api/list-mutations';
import { listTableColumns } from '../../../../components/crud/list-cells';
import type { ListAction, ListCellContext } from '../../../../components/crud/list-definition';
import { ListFilterForm } from '../../../../components/crud/list-filter-form';
import { PagedTable } from '../../../../components/crud/paged-table';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { useFilteredPagedQuery } from '../../../../components/crud/use-paged-query';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { getSelectedProjectId } from '../../../../lib/project';
import { CommandFormModal } from '../components/command-form-modal';
import { commandLabel } from '../components/command-vocabulary';
import {
  COUNTER_CONTROL_LIST as DEF,
  COUNTER_CONTROL_WRITE,
  resendRefused,
  withdrawRefused,
} from '../counter-control-list';

type Opened = { mode: 'create' } | { mode: 'panel'; panel: string; row: StationCommand };

/** Actions that change nothing are offered to readers too. */
const isWrite = (action: ListAction<StationCommand>) => action.kind !== 'open' || action.write !== false;

/**
 * Settings › counter control, from its definition (COUNTER_CONTROL_LIST) as ListPage renders a list, but with
 * the command form in place of the generic one (its fields follow the chosen command) and the definition's
 * delete worded as what it is here: withdrawing a queued command.
 */
export default function CounterControlPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const lang = useVocabularyLang();
  const canWrite = useCan(COUNTER_CONTROL_WRITE);
  const [opened, setOpened] = useState<Opened | null>(null);
  const projectId = getSelectedProjectId() ?? undefined;
  const { list, search, table } = useFilteredPagedQuery<
    Record<string, unknown>,
    Page<StationCommand>,
    readonly unknown[]
  >({}, (filters, paging) => DEF.listQuery({ ...filters, ...paging, projectId }));
  const withdraw = useListDelete(DEF.endpoints, 'id');
  const close = () => setOpened(null);
  const open = (panel: string, row: StationCommand) => setOpened({ mode: 'panel', panel, row });

  const confirmWithdraw = (row: StationCommand): void => {
    modal.confirm({
      title: t('control.screen.withdraw.title'),
      content: t('control.screen.withdraw.confirm', { command: commandLabel(row.cn, t), device: row.deviceName ?? '' }),
      okText: t('control.screen.actions.withdraw'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () => withdraw.mutateAsync(row.id),
    });
  };

  const ctx: ListCellContext<StationCommand> = { t, token, lang, loadedAt: list.dataUpdatedAt, open };
  const shown = DEF.actions.items.filter((action) => canWrite || !isWrite(action));
  const testIdOf = (name: string, row: StationCommand) => `${DEF.testId}-${name}-${row.id}`;

  /** A row's button; one it cannot take is disabled with the reason as its tooltip. */
  const refusable = (key: string, refused: string | undefined, button: ReactNode) => (
    <Tooltip key={key} title={refused ? t(refused) : undefined}>
      {button}
    </Tooltip>
  );

  const actionButton = (action: ListAction<StationCommand>, row: StationCommand): ReactNode => {
    switch (action.kind) {
      case 'edit':
        return null;
      case 'delete': {
        const refused = action.refuse?.(row) ?? withdrawRefused(row);
        return refusable(
          'withdraw',
          refused,
          <Button
            type="link"
            size="small"
            danger
            icon={<RollbackOutlined />}
            disabled={refused !== undefined}
            onClick={() => {
              confirmWithdraw(row);
            }}
            data-testid={testIdOf('withdraw', row)}
          >
            {t('control.screen.actions.withdraw')}
          </Button>,
        );
      }
      case 'open': {
        const refused = action.panel === 'resend' ? resendRefused(row) : undefined;
        return refusable(
          action.panel,
          refused,
          <Button
            type="link"
            size="small"
            icon={action.icon}
            disabled={refused !== undefined}
            onClick={() => open(action.panel, row)}
            data-testid={testIdOf(action.panel, row)}
          >
            {t(action.label)}
          </Button>,
        );
      }
    }
  };

  const columns: TableColumnsType<StationCommand> = [
    ...listTableColumns(DEF.columns, ctx),
    {
      key: 'actions',
      title: t('common.table.actions'),
      width: canWrite ? DEF.actions.width : DEF.actions.readWidth,
      fixed: DEF.actions.fixed,
      render: (_v: unknown, row: StationCommand) => (
        <Flex gap={0}>{shown.map((action) => actionButton(action, row))}</Flex>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid={DEF.pageTestId}>
      <Flex vertical gap="middle">
        {DEF.help ? <Typography.Text type="secondary">{t(DEF.help)}</Typography.Text> : null}
        <ListFilterForm name={`${DEF.testId}-filter`} filters={DEF.filters} width={DEF.filterWidth} onSearch={search} />
        <Flex gap="small" align="center">
          <Can code={COUNTER_CONTROL_WRITE}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setOpened({ mode: 'create' })}
              data-testid={`${DEF.testId}-add`}
            >
              {t(DEF.addLabel)}
            </Button>
          </Can>
          <span style={{ marginInlineStart: 'auto' }}>
            <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
          </span>
        </Flex>
        <PagedTable<StationCommand> {...table} columns={columns} empty={t(DEF.empty)} testId={DEF.testId} />
      </Flex>
      {opened?.mode === 'create' ? <CommandFormModal spec={DEF.form} onClose={close} /> : null}
      {opened?.mode === 'panel' ? DEF.panels?.[opened.panel]?.(opened.row, close) : null}
    </Card>
  );
}
