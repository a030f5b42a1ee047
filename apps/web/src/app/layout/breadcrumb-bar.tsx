import type { ReactNode } from 'react';
import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuLabel } from '../menu/build-menu';
import { usePreferences } from '../providers/preferences';
import { HOME_VIEW_PATH, titleText, type ViewInfo } from './views';

/** Home › group › page for generated routes; home › page for the fixed ones. */
export function BreadcrumbBar({ view, pathname }: { view: ViewInfo | null; pathname: string }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const items: { key: string; title: ReactNode }[] = [
    {
      key: 'home',
      title:
        pathname === HOME_VIEW_PATH ? (
          <span>
            <HomeOutlined /> {t('layout.pages.home')}
          </span>
        ) : (
          <Link to={HOME_VIEW_PATH}>
            <HomeOutlined /> {t('layout.pages.home')}
          </Link>
        ),
    },
  ];
  if (view?.group) items.push({ key: 'group', title: menuLabel(view.group, language) });
  if (view && pathname !== HOME_VIEW_PATH) items.push({ key: 'page', title: titleText(view.title, language, t) });
  return <Breadcrumb className="app-breadcrumb" items={items} />;
}
