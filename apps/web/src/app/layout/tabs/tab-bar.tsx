import { Dropdown, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../providers/preferences';
import { titleText } from '../views';
import type { VisitedViews } from './use-visited-views';
import type { VisitedView } from './visited-views';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** Visited views with the spec's right-click menu: refresh, close, close others, close all. */
export function TabBar({ state }: { state: VisitedViews }) {
  const { t } = useTranslation();
  const { language } = usePreferences();

  const contextMenu = (view: VisitedView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('layout.tabs.refresh') },
      { key: 'close', label: t('layout.tabs.close'), disabled: view.affix },
      { key: 'closeOthers', label: t('layout.tabs.closeOthers') },
      { key: 'closeAll', label: t('layout.tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      const action = key as Action;
      switch (action) {
        case 'refresh':
          state.refresh(view);
          return;
        case 'close':
          state.close(view);
          return;
        case 'closeOthers':
          state.closeOthers(view);
          return;
        case 'closeAll':
          state.closeAll();
          return;
      }
    },
  });

  const byPath = new Map(state.views.map((view) => [view.path, view]));
  const activeKey = byPath.has(state.activePath) ? state.activePath : undefined;

  return (
    <nav className="app-tab-bar" aria-label={t('layout.tabs.label')}>
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={activeKey}
        onChange={(key) => {
          const view = byPath.get(key);
          if (view) state.open(view);
        }}
        onEdit={(key, action) => {
          const view = typeof key === 'string' ? byPath.get(key) : undefined;
          if (view && action === 'remove') state.close(view);
        }}
        items={state.views.map((view) => ({
          key: view.path,
          closable: !view.affix,
          label: (
            <Dropdown menu={contextMenu(view)} trigger={['contextMenu']}>
              <span className="app-tab-label" data-testid={`tab-${view.path}`}>
                {titleText(view.title, language, t)}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </nav>
  );
}
