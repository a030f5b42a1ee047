import type { UpstreamDevice } from '@envmon/shared';
import { Flex, Tag, Tooltip, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { formatDateTime } from '../../../../lib/dayjs';
import { forwardErrorWords } from './forward-error';
import { FORWARD_STATE_COLORS, forwardState, lagOf } from './forward-state';

/**
 * The device's state as a tag; a failure worded in the reader's language with since when (the server's detail —
 * the OS's error, say — smaller below and in a tooltip), a backlog with its size.
 */
export function ForwardStateCell({ device, ackRequired }: { device: UpstreamDevice; ackRequired: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { status } = device;
  const state = forwardState(status, device.enabled, ackRequired);
  const small = { fontSize: token.fontSizeSM };
  return (
    <Flex vertical gap={2} align="flex-start" data-testid={`forward-state-${device.deviceId}`} data-state={state}>
      <Tag color={FORWARD_STATE_COLORS[state]}>{t(`transferFormat.states.${state}`)}</Tag>
      {state === 'failing' && status.lastError !== null ? <ForwardErrorText status={status} /> : null}
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

function ForwardErrorText({ status }: { status: UpstreamDevice['status'] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const small = { fontSize: token.fontSizeSM };
  const words = forwardErrorWords(status.lastErrorKind, status.lastError, t);
  const when = status.lastErrorTime === null ? null : formatDateTime(status.lastErrorTime);
  const secondary = [words.detail, when].filter((part) => part !== null).join(' · ');
  return (
    <>
      <Tooltip title={words.detail}>
        <Typography.Text type="danger" style={small} data-testid="forward-error">
          {words.summary}
        </Typography.Text>
      </Tooltip>
      {words.cause === null ? null : (
        <Typography.Text type="danger" style={small}>
          {t('transferFormat.errors.cause', { cause: words.cause })}
        </Typography.Text>
      )}
      {secondary === '' ? null : (
        <Typography.Text type="secondary" style={small} data-testid="forward-error-detail">
          {secondary}
        </Typography.Text>
      )}
    </>
  );
}

/** How far the upstream's newest data is behind `now`, in words. */
export function lagText(lastDataTime: number | null, now: number, t: TFunction): string {
  const lag = lagOf(lastDataTime, now);
  return lag === null ? EMPTY_CELL : t(`transferFormat.lag.${lag.unit}`, { count: lag.count });
}
