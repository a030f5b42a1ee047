import { type Job, JOB_LIMITS, type JobDevice, LIMITS } from '@envmon/shared';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Flex, Form, Modal, type TableColumnsType, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../components/can';
import { DeviceSelect } from '../../../../components/device-factor-select';
import { PagedTable } from '../../../../components/crud/paged-table';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { usePagedQuery } from '../../../../components/crud/use-paged-query';
import { formatTime } from '../../../../lib/format';
import {
  downloadJobDevicesTemplate,
  jobDevicesQueryOptions,
  useAddJobDevices,
  useImportJobDevices,
  useRemoveJobDevices,
} from '../api/calls';
import { JOB_WRITE } from './permissions';

const DRAWER_WIDTH = 760;
const WIDTH = { name: 220, code: 200, time: 165 } as const;

/** Devices of the header's project added to the job, at most a page's worth at once (the contract's bound). */
function AddDevicesModal({ job, onClose }: { job: Job; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ deviceIds?: number[] }>();
  const add = useAddJobDevices();
  const submit = (values: { deviceIds?: number[] }) =>
    add.mutate({ jobId: job.jobId, deviceIds: values.deviceIds ?? [] }, { onSuccess: onClose });
  return (
    <Modal
      open
      title={t('job.devices.addTitle', { name: job.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="job-devices-add-form">
        <Form.Item
          name="deviceIds"
          label={t('job.devices.pick')}
          extra={t('job.devices.pickHint', { count: JOB_LIMITS.devicesPerAdd })}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <DeviceSelect<number[]> mode="multiple" maxCount={JOB_LIMITS.devicesPerAdd} maxTagCount="responsive" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The devices a job acts on (none: every device). Writers add devices from the header's project or from the
 * job-list file (its template: one device code a row), and remove the ones ticked.
 */
export function JobDevicesDrawer({ job, onClose }: { job: Job; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const canWrite = useCan(JOB_WRITE);
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const { list, table } = usePagedQuery((page) => jobDevicesQueryOptions({ jobId: job.jobId, ...page }));
  const remove = useRemoveJobDevices();
  const upload = useImportJobDevices(job.jobId);

  const confirmRemove = () => {
    modal.confirm({
      title: t('job.devices.removeTitle'),
      content: t('job.devices.removeConfirm', { count: selected.length, name: job.name }),
      okText: t('common.actions.delete'),
      cancelText: t('common.actions.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync({ jobId: job.jobId, deviceIds: selected }).then(
          () => setSelected([]),
          // The api client has said why; the dialog just closes.
          () => undefined,
        ),
    });
  };

  const importFile = (file: File) => {
    if (file.size > LIMITS.uploadMaxBytes) {
      void message.error(t('common.messages.fileTooLarge'));
      return;
    }
    upload.mutate(file);
  };

  const columns: TableColumnsType<JobDevice> = [
    { key: 'name', title: t('job.devices.name'), width: WIDTH.name, ellipsis: true, render: (_v, d) => d.deviceName },
    {
      key: 'code',
      title: t('job.devices.code'),
      width: WIDTH.code,
      render: (_v, d) => <Typography.Text code>{d.deviceCode}</Typography.Text>,
    },
    { key: 'added', title: t('job.devices.added'), width: WIDTH.time, render: (_v, d) => formatTime(d.createTime) },
  ];

  return (
    <Drawer
      open
      onClose={onClose}
      size={DRAWER_WIDTH}
      title={t('job.devices.title', { name: job.name })}
      destroyOnHidden
      data-testid="job-devices"
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('job.devices.help')}</Typography.Text>
        <Flex gap="small" align="center" wrap>
          {canWrite ? (
            <>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setAdding(true)}
                data-testid="job-devices-add"
              >
                {t('job.devices.add')}
              </Button>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.length === 0}
                onClick={confirmRemove}
                data-testid="job-devices-remove"
              >
                {t('job.devices.remove', { count: selected.length })}
              </Button>
              <Upload
                accept=".xlsx"
                showUploadList={false}
                beforeUpload={(file) => {
                  importFile(file);
                  // The mutation uploads it; antd must not post it on its own.
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="job-devices-import">
                  {t('job.devices.import')}
                </Button>
              </Upload>
              <Button
                type="link"
                icon={<DownloadOutlined />}
                onClick={downloadJobDevicesTemplate}
                data-testid="job-devices-template"
              >
                {t('job.devices.template')}
              </Button>
            </>
          ) : null}
          <span style={{ marginInlineStart: 'auto' }}>
            <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
          </span>
        </Flex>
        <PagedTable<JobDevice>
          {...table}
          columns={columns}
          rowKey="deviceId"
          empty={t('job.devices.empty')}
          testId="job-devices"
          scrollY="auto"
          rowSelection={
            canWrite
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getCheckboxProps: (d) => ({ 'aria-label': d.deviceName }),
                }
              : undefined
          }
        />
      </Flex>
      {adding ? <AddDevicesModal job={job} onClose={() => setAdding(false)} /> : null}
    </Drawer>
  );
}
