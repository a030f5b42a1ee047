import { Breadcrumb, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { nestedLeaves } from '../paths';

/** A page of the nested-menu example: where it sits in the menu, by its own route. */
export default function NestedMenuPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const leaf = nestedLeaves().find((page) => page.path === pathname);
  if (!leaf) return null;
  const name = (key: string) => t(`gallery.nested.items.${key}`);
  const key = leaf.trail.at(-1) ?? '';
  const parents = leaf.trail.slice(0, -1);
  return (
    <Card data-testid="gallery-nested-page">
      <Breadcrumb
        items={[{ title: t('gallery.nested.title') }, ...leaf.trail.map((part) => ({ title: name(part) }))]}
        style={{ marginBottom: 12 }}
      />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {name(key)}
      </Typography.Title>
      <Typography.Paragraph>
        {parents.length === 0
          ? t('gallery.nested.page.topLevel')
          : t('gallery.nested.page.under', { parents: parents.map(name).join(' › ') })}
      </Typography.Paragraph>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'level', label: t('gallery.nested.page.level'), children: leaf.trail.length },
          {
            key: 'path',
            label: t('gallery.nested.page.path'),
            children: <Typography.Text code>{leaf.path}</Typography.Text>,
          },
          { key: 'how', label: t('gallery.nested.page.how'), children: t('gallery.nested.page.howText') },
        ]}
        data-testid="gallery-nested-details"
      />
    </Card>
  );
}
