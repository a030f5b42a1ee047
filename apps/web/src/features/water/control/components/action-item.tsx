import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isActive } from '../../../station-control';
import { latestCommandQueryOptions } from '../api/get-commands';
import type { PanelAction } from '../utils/panel-actions';
import { CommandState } from './command-state';

/** Why an action's button cannot be pressed, or null when it can. */
export type Blocked = string | null;

/**
 * One action of the panel: its button (held while its command is on its way, so a press is not sent twice),
 * what it needs first (a factor, a run mode), and its latest command's live state.
 */
export function ActionItem({
  action,
  deviceId,
  blocked,
  sending,
  error,
  input,
  onSend,
  factorName,
}: {
  action: PanelAction;
  deviceId: number;
  blocked: Blocked;
  sending: boolean;
  error: string | null;
  /** The action's own input (the run mode), beside its button. */
  input?: ReactNode;
  onSend: () => void;
  factorName: (code: string) => string;
}) {
  const { t } = useTranslation();
  const latest = useQuery(latestCommandQueryOptions(deviceId, action.cn));
  const command = latest.data ?? null;
  const waiting = isActive(command?.state);
  const name = t(`control.cn.${action.cn}`);

  const button = (
    <Button
      // Outlined: antd's filled danger button is not readable (AA) in the dark theme.
      danger={action.confirm}
      disabled={blocked !== null}
      loading={sending || waiting}
      onClick={onSend}
      data-testid={`water-control-send-${action.cn}`}
    >
      {name}
    </Button>
  );

  return (
    <Card size="small" data-testid={`water-control-action-${action.cn}`} style={{ height: '100%' }}>
      <Flex vertical gap="small">
        <Flex gap="small" align="center" wrap>
          {blocked === null ? button : <Tooltip title={blocked}>{button}</Tooltip>}
          {input}
        </Flex>
        {latest.isError ? (
          <Typography.Text type="danger">
            {t('waterControl.action.stateFailed')}{' '}
            <Button type="link" size="small" onClick={() => void latest.refetch()}>
              {t('common.actions.retry')}
            </Button>
          </Typography.Text>
        ) : command ? (
          <CommandState command={command} withUploads={action.spec.uploads.length > 0} factorName={factorName} />
        ) : latest.isPending ? null : (
          <Typography.Text type="secondary">{t('waterControl.action.neverSent')}</Typography.Text>
        )}
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Flex>
    </Card>
  );
}
