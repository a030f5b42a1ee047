import { Space, Typography } from 'antd';
import { ApiOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DocSections, type DocSection } from '../components/doc-sections';

const API_REFERENCE_URL = '/api-docs';
const OPENAPI_URL = '/openapi.json';

function ApiLinks() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical">
      <Typography.Link href={API_REFERENCE_URL} target="_blank">
        <ApiOutlined /> {t('docs.documentation.api.reference')} ({API_REFERENCE_URL})
      </Typography.Link>
      <Typography.Link href={OPENAPI_URL} target="_blank">
        <FileTextOutlined /> {t('docs.documentation.api.openapi')} ({OPENAPI_URL})
      </Typography.Link>
      <Typography.Paragraph>
        <Typography.Text code>{'{"status":200,"code":"000000","desc":"…","data":…}'}</Typography.Text>
        <br />
        <Typography.Text code>{'{"status":-1,"code":"000001","desc":"…"}'}</Typography.Text>
      </Typography.Paragraph>
    </Space>
  );
}

const SECTIONS: readonly DocSection[] = [
  { id: 'sign-in', prefix: 'docs.documentation.signIn', paragraphs: ['p1', 'p2', 'p3', 'p4'] },
  { id: 'menus', prefix: 'docs.documentation.menus', paragraphs: ['p1', 'p2', 'p3', 'p4'] },
  { id: 'tabs', prefix: 'docs.documentation.tabs', paragraphs: ['p1', 'p2', 'p3'] },
  { id: 'projects', prefix: 'docs.documentation.projects', paragraphs: ['p1', 'p2'] },
  { id: 'themes', prefix: 'docs.documentation.themes', paragraphs: ['p1', 'p2', 'p3'] },
  { id: 'languages', prefix: 'docs.documentation.languages', paragraphs: ['p1', 'p2'] },
  { id: 'roles', prefix: 'docs.documentation.roles', paragraphs: ['p1', 'p2', 'p3', 'p4'] },
  { id: 'errors', prefix: 'docs.documentation.errors', paragraphs: ['p1', 'p2'] },
  { id: 'query-ai', prefix: 'docs.documentation.queryAi', paragraphs: ['p1', 'p2', 'p3', 'p4'] },
  { id: 'reissue', prefix: 'docs.documentation.reissue', paragraphs: ['p1', 'p2', 'p3'] },
  { id: 'iot-card', prefix: 'docs.documentation.iotCard', paragraphs: ['p1', 'p2'] },
  { id: 'devops', prefix: 'docs.documentation.devops', paragraphs: ['p1', 'p2'] },
  { id: 'api', prefix: 'docs.documentation.api', paragraphs: ['p1', 'p2', 'p3'], extra: <ApiLinks /> },
];

/** /documentation/index: how the console works, section by section. */
export default function DocumentationPage() {
  return <DocSections titleKey="docs.documentation.title" introKey="docs.documentation.intro" sections={SECTIONS} />;
}
