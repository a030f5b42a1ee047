import { SyncOutlined } from '@ant-design/icons';
import { type Device, DEVICE_SYNC_ITEMS, type DeviceSyncItem } from '@envmon/shared';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../components/can';
import { useSyncSettings } from '../api/sync-settings';
import { DEVICE_WRITE } from './constants';
import { SyncFeedback } from './sync-results';

/** Choose settings, push them to the station, and see what it answered to each. */
export function SyncTab({ device }: { device: Device }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<DeviceSyncItem[]>([...DEVICE_SYNC_ITEMS]);
  const sync = useSyncSettings(device.id);

  return (
    <Flex vertical gap="middle" data-testid="device-detail-sync">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('deviceDetail.sync.intro')}
      </Typography.Paragraph>
      <Checkbox.Group<DeviceSyncItem>
        value={items}
        onChange={setItems}
        disabled={sync.isPending}
        options={DEVICE_SYNC_ITEMS.map((item) => ({ value: item, label: t(`deviceDetail.sync.items.${item}`) }))}
      />
      <Can code={DEVICE_WRITE}>
        <Flex gap="small" align="center">
          <Button
            type="primary"
            icon={<SyncOutlined />}
            loading={sync.isPending}
            disabled={items.length === 0}
            onClick={() => sync.mutate(items)}
          >
            {t('deviceDetail.sync.run')}
          </Button>
          {items.length === 0 ? (
            <Typography.Text type="warning">{t('deviceDetail.sync.chooseItems')}</Typography.Text>
          ) : null}
        </Flex>
      </Can>
      <SyncFeedback isPending={sync.isPending} error={sync.error} results={sync.data} />
    </Flex>
  );
}
