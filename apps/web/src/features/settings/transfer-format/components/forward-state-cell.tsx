import type { UpstreamDevice } from '@envmon/shared';
import { Flex, Tag, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { formatDateTime } from '../../../../lib/dayjs';
import { FORWARD_STATE_COLORS, forwardState, lagOf } from './forward-state';

/** The device's state as a tag; a failure with its reason and since when, a backlog with its size. */
export function ForwardStateCell({ device, ackRequired }: { device: UpstreamDevice; ackRequired: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { status } = device;
  const state = forwardState(status, device.enabled, ackRequired);
  const small = { fontSize: token.fontSizeSM };
  return (
    <Flex vertical gap={2} align="flex-start" data-testid={`forward-state-${device.deviceId}`} data-state={state}>
      <Tag color={FORWARD_STATE_COLORS[state]}>{t(`transferFormat.states.${state}`)}</Tag>
      {state === 'failing' && status.lastError ? (
        <Typography.Text type="danger" style={small}>
          {status.lastError}
          {status.lastErrorTime === null ? null : ` (${formatDateTime(status.lastErrorTime)})`}
        </Typography.Text>
      ) : null}
      {state === 'sending' ? (
        <Typography.Text type="secondary" style={small}>
          {t('transferFormat.stateHints.sending', { count: status.queued })}
        </Typography.Text>
      ) : null}
      {status.dropped > 0 ? (
        <Typography.Text type="warning" style={small}>
          {t('transferFormat.stateHints.dropped', { count: status.dropped })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** How far the upstream's newest data is behind `now`, in words. */
export function lagText(lastDataTime: number | null, now: number, t: TFunction): string {
  const lag = lagOf(lastDataTime, now);
  return lag === null ? EMPTY_CELL : t(`transferFormat.lag.${lag.unit}`, { count: lag.count });
}
