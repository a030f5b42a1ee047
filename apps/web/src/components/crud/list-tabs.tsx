import { Card, Tabs } from 'antd';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListTab {
  key: string;
  /** i18n key of the tab's title. */
  label: string;
  /** What the tab shows: a definition's `<ListPage def={…} embedded />`, or a screen of its own. */
  content: ComponentType;
}

/**
 * A screen of several lists, one tab each, in one card (the thresholds and alarm strategies). Only the open
 * tab is mounted, so each loads when first shown; the first is open at the start.
 */
export function ListTabs({ testId, tabs }: { testId: string; tabs: readonly ListTab[] }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(tabs[0]?.key);
  return (
    <Card variant="borderless" data-testid={testId}>
      <Tabs
        activeKey={active}
        onChange={setActive}
        destroyOnHidden
        items={tabs.map(({ key, label, content: Content }) => ({ key, label: t(label), children: <Content /> }))}
      />
    </Card>
  );
}
