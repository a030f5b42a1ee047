import type { ReactNode } from 'react';
import { Anchor, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface DocSection {
  /** Anchor id in the page. */
  id: string;
  /** i18n key prefix: `${prefix}.title` and `${prefix}.${paragraph}`. */
  prefix: string;
  paragraphs: readonly string[];
  /** Links or examples under the text. */
  extra?: ReactNode;
}

/** Leaves room for the header and tab bar when an anchor scrolls a section into view. */
const ANCHOR_OFFSET = 120;
const TOC_SPAN = { xs: 0, lg: 6 } as const;
const BODY_SPAN = { xs: 24, lg: 18 } as const;
const GUTTER = 24;

/** A long help page: sections with a table of contents beside them on wide screens. */
export function DocSections({ titleKey, introKey, sections }: { titleKey: string; introKey: string; sections: readonly DocSection[] }) {
  const { t } = useTranslation();
  return (
    <Row gutter={GUTTER}>
      <Col {...BODY_SPAN}>
        <Card>
          <Typography>
            <Typography.Title level={2} style={{ marginTop: 0 }}>
              {t(titleKey)}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t(introKey)}</Typography.Paragraph>
            {sections.map((section) => (
              <section key={section.id} id={section.id}>
                <Typography.Title level={3}>{t(`${section.prefix}.title`)}</Typography.Title>
                {section.paragraphs.map((paragraph) => (
                  <Typography.Paragraph key={paragraph}>{t(`${section.prefix}.${paragraph}`)}</Typography.Paragraph>
                ))}
                {section.extra}
              </section>
            ))}
          </Typography>
        </Card>
      </Col>
      <Col {...TOC_SPAN}>
        <Anchor
          offsetTop={ANCHOR_OFFSET}
          targetOffset={ANCHOR_OFFSET}
          items={sections.map((section) => ({ key: section.id, href: `#${section.id}`, title: t(`${section.prefix}.title`) }))}
        />
      </Col>
    </Row>
  );
}
