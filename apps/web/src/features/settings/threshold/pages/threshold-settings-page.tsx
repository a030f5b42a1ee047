import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StrategiesTab } from '../components/strategies-tab';
import { ThresholdsTab } from '../components/thresholds-tab';
import { WaterLimitsTab } from '../components/water-limits-tab';

export const THRESHOLD_TABS = ['thresholds', 'strategies', 'waterLimits'] as const;
type ThresholdTab = (typeof THRESHOLD_TABS)[number];

const TAB_CONTENT: Record<ThresholdTab, () => React.JSX.Element> = {
  thresholds: ThresholdsTab,
  strategies: StrategiesTab,
  waterLimits: WaterLimitsTab,
};

/**
 * Alarm threshold settings (SPEC section 2 'settings: alarm threshold'): the thresholds per
 * device × factor, the alarm strategies per device × alarm type, and the surface-water class
 * limits for reference. Only the open tab is mounted, so each loads when first shown.
 */
export default function ThresholdSettingsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ThresholdTab>('thresholds');
  return (
    <Card variant="borderless" data-testid="threshold-settings-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as ThresholdTab)}
        destroyOnHidden
        items={THRESHOLD_TABS.map((key) => {
          const Content = TAB_CONTENT[key];
          return { key, label: t(`threshold.tabs.${key}`), children: <Content /> };
        })}
      />
    </Card>
  );
}
