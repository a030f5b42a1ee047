import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Search submits the surrounding filter form; reset clears it back to its initial values, then `onReset`
 * searches with what a cleared bar means (most bars: no filters; the reports search only when asked).
 */
export function FilterActions({ onReset }: { onReset?: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('common.actions.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            onReset?.();
          }}
        >
          {t('common.actions.reset')}
        </Button>
      </Form.Item>
    </>
  );
}
