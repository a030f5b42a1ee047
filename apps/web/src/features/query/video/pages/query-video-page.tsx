import type { Camera } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Form, Row, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { getSelectedProjectId } from '../../../../lib/project';
import { videoCamerasQueryOptions } from '../api/video-api';
import { HlsPlayer } from '../components/hls-player';
import { QueryCard } from '../../components/query-card';
import { QueryDeviceItem } from '../../components/query-device-item';

const SELECT_WIDTH = 240;

function CameraCard({ camera }: { camera: Camera }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={camera.name}
      extra={<Typography.Text type="secondary">{camera.deviceName ?? ''}</Typography.Text>}
      data-testid={`camera-${camera.id}`}
    >
      <Flex vertical gap="small">
        <HlsPlayer camera={camera} />
        {camera.maxPlaySeconds > 0 ? <Tag>{t('query.video.limit', { seconds: camera.maxPlaySeconds })}</Tag> : null}
      </Flex>
    </Card>
  );
}

/**
 * Video (SPEC section 2 'queries: video'): the cameras attached to the devices the caller sees (configured
 * under settings 'video ys'), each played in the browser from its HLS address, or the reason it cannot play.
 */
export default function QueryVideoPage() {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useState<number | undefined>();
  const cameras = useQuery(videoCamerasQueryOptions({ deviceId, projectId: getSelectedProjectId() ?? undefined }));

  const body = () => {
    if (cameras.isPending) return <Spin />;
    if (!cameras.data || cameras.data.length === 0) return <Empty description={t('query.video.empty')} />;
    return (
      <Row gutter={[16, 16]}>
        {cameras.data.map((camera) => (
          <Col key={camera.id} xs={24} md={12} xl={8}>
            <CameraCard camera={camera} />
          </Col>
        ))}
      </Row>
    );
  };

  return (
    <QueryCard testId="query-video-page" help={t('query.video.help')}>
      <Flex justify="space-between">
        <Form layout="inline">
          <QueryDeviceItem
            label={t('query.common.device')}
            allowClear
            value={deviceId}
            onChange={setDeviceId}
            placeholder={t('query.video.allDevices')}
            width={SELECT_WIDTH}
          />
        </Form>
        <RefreshButton loading={cameras.isFetching} onClick={() => void cameras.refetch()} />
      </Flex>
      <QueryErrorAlert error={cameras.error} onRetry={() => void cameras.refetch()} />
      {cameras.error ? null : body()}
    </QueryCard>
  );
}
