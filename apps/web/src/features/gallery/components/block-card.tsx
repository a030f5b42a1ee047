import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface BlockCardProps {
  /** i18n prefix of the block: `${prefix}.title`, `.purpose` and `.usedIn`. */
  prefix: string;
  testId: string;
  children: ReactNode;
}

/** One building block: what it is for and where the console uses it, then the block itself, live. */
export function BlockCard({ prefix, testId, children }: BlockCardProps) {
  const { t } = useTranslation();
  return (
    <Card title={t(`${prefix}.title`)} data-testid={testId}>
      <Flex vertical gap="middle">
        <div>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{t(`${prefix}.purpose`)}</Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('gallery.usedIn')} {t(`${prefix}.usedIn`)}
          </Typography.Text>
        </div>
        {children}
      </Flex>
    </Card>
  );
}
