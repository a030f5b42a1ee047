import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface RowActionsProps {
  onEdit: () => void;
  onDelete: () => void;
  /** What deleting does, asked before it happens. */
  deleteConfirm: string;
  /** The delete button's text (delete, or remove from the device). */
  deleteLabel: string;
}

/** A detail table row's edit and confirmed delete buttons. */
export function RowActions({ onEdit, onDelete, deleteConfirm, deleteLabel }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
        {t('common.actions.edit')}
      </Button>
      <Popconfirm
        title={t('common.messages.deleteConfirmTitle')}
        description={deleteConfirm}
        okText={t('common.actions.ok')}
        cancelText={t('common.actions.cancel')}
        onConfirm={onDelete}
      >
        <Button type="link" size="small" danger icon={<DeleteOutlined />}>
          {deleteLabel}
        </Button>
      </Popconfirm>
    </Space>
  );
}
