import { DEVOPS_FILE_ACCEPT, DEVOPS_LIMITS, type DevopsFile, type DevopsRecord } from '@envmon/shared';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Empty, Flex, type TableColumnsType, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../components/can';
import { WholeTable } from '../../../../components/crud/whole-table';
import { formatDateTime } from '../../../../lib/dayjs';
import { attachmentProblem, downloadDevopsFile, useDeleteDevopsFile, useUploadDevopsFile } from '../api/devops-files';
import { formatSize, kindLabel, LIMIT_MB } from './devops-vocabulary';
import { DEVOPS_WRITE } from './permissions';

const DRAWER_WIDTH = 640;
const SIZE_WIDTH = 90;
const TIME_WIDTH = 170;
const ACTIONS_WIDTH = 90;

/** Follows an attachment's ticketed link; the api client has said why when it fails. */
export const download = (id: number) => void downloadDevopsFile(id).catch(() => undefined);

/**
 * A record's attachments: download for everyone who sees the record; upload (type, size and count checked
 * here as the server checks them) and delete after confirmation for writers.
 */
export function DevopsFilesDrawer({ record, onClose }: { record: DevopsRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const canWrite = useCan(DEVOPS_WRITE);
  // Kept here as well as in the list: a new record may not be on the page being shown.
  const [files, setFiles] = useState<DevopsFile[]>(record.files);
  const upload = useUploadDevopsFile();
  const remove = useDeleteDevopsFile();
  const full = files.length >= DEVOPS_LIMITS.maxFiles;

  const send = (file: File) => {
    const problem = attachmentProblem(file, files.length);
    if (problem) {
      void message.error(t(problem));
      return;
    }
    upload.mutate({ recordId: record.id, file }, { onSuccess: (saved) => setFiles((now) => [...now, saved]) });
  };

  const confirmDelete = (file: DevopsFile) => {
    modal.confirm({
      title: t('common.messages.deleteConfirmTitle'),
      content: t('devops.files.deleteConfirm', { name: file.fileName }),
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync(file.id).then(
          () => setFiles((now) => now.filter((f) => f.id !== file.id)),
          // The api client has shown the reason; the dialog just closes.
          () => undefined,
        ),
    });
  };

  const columns: TableColumnsType<DevopsFile> = [
    {
      key: 'fileName',
      title: t('devops.fields.files'),
      ellipsis: true,
      render: (_v, file) => (
        <Typography.Link onClick={() => download(file.id)} title={t('devops.files.download')}>
          {file.fileName}
        </Typography.Link>
      ),
    },
    { key: 'size', title: '', width: SIZE_WIDTH, align: 'right', render: (_v, file) => formatSize(file.size) },
    { key: 'createTime', title: '', width: TIME_WIDTH, render: (_v, file) => formatDateTime(file.createTime) },
    {
      key: 'actions',
      title: '',
      width: ACTIONS_WIDTH,
      render: (_v, file) => (
        <Flex gap="small">
          <Button
            size="small"
            type="text"
            icon={<DownloadOutlined />}
            aria-label={t('devops.files.download')}
            onClick={() => download(file.id)}
          />
          {canWrite ? (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('common.actions.delete')}
              data-testid={`devops-file-delete-${file.id}`}
              onClick={() => confirmDelete(file)}
            />
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <Drawer
      open
      size={DRAWER_WIDTH}
      title={`${t('devops.files.title')} · ${record.deviceName ?? record.deviceCode ?? ''} · ${kindLabel(t, record.kind)}`}
      onClose={onClose}
      destroyOnHidden
      data-testid="devops-files"
    >
      <Flex vertical gap="middle">
        {canWrite ? (
          <Flex vertical gap="small">
            <Upload
              accept={DEVOPS_FILE_ACCEPT}
              showUploadList={false}
              disabled={full}
              beforeUpload={(file) => {
                send(file);
                // The mutation uploads it; antd must not post it on its own.
                return false;
              }}
            >
              <Button
                icon={<UploadOutlined />}
                loading={upload.isPending}
                disabled={full}
                data-testid="devops-file-upload"
              >
                {t('devops.files.upload')}
              </Button>
            </Upload>
            <Typography.Text type="secondary">
              {full
                ? t('devops.files.full')
                : t('devops.files.hint', { size: LIMIT_MB(DEVOPS_LIMITS.fileMaxBytes), max: DEVOPS_LIMITS.maxFiles })}
            </Typography.Text>
          </Flex>
        ) : null}
        {files.length === 0 ? (
          <Empty description={t('devops.files.none')} />
        ) : (
          <WholeTable<DevopsFile> rowKey="id" showHeader={false} dataSource={files} columns={columns} />
        )}
      </Flex>
    </Drawer>
  );
}
