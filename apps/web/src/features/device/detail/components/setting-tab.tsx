import { EyeInvisibleOutlined, EyeOutlined, SyncOutlined } from '@ant-design/icons';
import { type Device, DEVICE_SYNC_ITEMS } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../components/can';
import { deviceSummaryQueryOptions } from '../api/get-summary';
import { useSyncSettings } from '../api/sync-settings';
import { DEVICE_WRITE } from './constants';
import { formatUtcOffset } from '../../../../lib/format';
import { SyncFeedback } from './sync-results';

const MASK = '••••••';

function PasswordText({ password }: { password: string | null }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  if (password === null || password === '')
    return <Typography.Text type="secondary">{t('deviceDetail.setting.noPassword')}</Typography.Text>;
  return (
    <Flex gap="small" align="center">
      <Typography.Text code>{shown ? password : MASK}</Typography.Text>
      <Button
        type="text"
        size="small"
        aria-label={t('deviceDetail.setting.password')}
        icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        onClick={() => setShown((v) => !v)}
      />
    </Flex>
  );
}

/**
 * The station settings the platform holds (edited in the device dialog), and pushing them all to
 * the station: report interval, clock and password.
 */
export function SettingTab({ device }: { device: Device }) {
  const { t } = useTranslation();
  // The summary carries the stored device: fresher than the row the panel opened us with.
  const summary = useQuery(deviceSummaryQueryOptions(device.id));
  const current = summary.data?.device ?? device;
  const sync = useSyncSettings(device.id);

  const items: DescriptionsProps['items'] = [
    {
      key: 'intervalTime',
      label: t('deviceDetail.setting.intervalTime'),
      children: t('deviceDetail.setting.seconds', { count: current.intervalTime }),
    },
    {
      key: 'password',
      label: t('deviceDetail.setting.password'),
      children: <PasswordText password={current.password} />,
    },
    {
      key: 'utcOffsetMinutes',
      label: t('deviceDetail.setting.utcOffsetMinutes'),
      children: formatUtcOffset(current.utcOffsetMinutes),
    },
  ];

  return (
    <Flex vertical gap="middle" data-testid="device-detail-setting">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('deviceDetail.setting.intro')}
      </Typography.Paragraph>
      <Descriptions bordered size="small" column={1} items={items} />
      <Can code={DEVICE_WRITE}>
        <Flex>
          <Button
            type="primary"
            icon={<SyncOutlined />}
            loading={sync.isPending}
            onClick={() => sync.mutate(DEVICE_SYNC_ITEMS)}
          >
            {t('deviceDetail.setting.syncToStation')}
          </Button>
        </Flex>
      </Can>
      <SyncFeedback isPending={sync.isPending} error={sync.error} results={sync.data} />
    </Flex>
  );
}
