import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { GALLERY_PATHS, isGalleryPath } from '../paths';

type Section = keyof typeof GALLERY_PATHS;
const SECTIONS = Object.keys(GALLERY_PATHS) as Section[];

const sectionOf = (pathname: string): Section | undefined =>
  SECTIONS.find((section) => pathname === GALLERY_PATHS[section] || pathname.startsWith(`${GALLERY_PATHS[section]}/`));

/** The top of every gallery page: its title and what it shows, and the way to the other sections. */
export function GalleryHeader({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = isGalleryPath(pathname) ? sectionOf(pathname) : undefined;
  return (
    <Card variant="borderless">
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      <nav aria-label={t('gallery.nav.label')}>
        <Flex gap="small" wrap>
          {SECTIONS.map((section) => (
            <Button
              key={section}
              type={section === current ? 'primary' : 'default'}
              aria-current={section === current ? 'page' : undefined}
              onClick={() => void navigate(GALLERY_PATHS[section])}
              data-testid={`gallery-nav-${section}`}
            >
              {t(`gallery.nav.${section}`)}
            </Button>
          ))}
        </Flex>
      </nav>
    </Card>
  );
}
