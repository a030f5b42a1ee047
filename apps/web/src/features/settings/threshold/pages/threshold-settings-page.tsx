import { ListTabs } from '../../../../components/crud/list-tabs';
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
 * device × factor (a list definition), the alarm strategies per device × alarm type, and the surface-water
 * class limits for reference. Only the open tab is mounted, so each loads when first shown.
 */
export default function ThresholdSettingsPage() {
  return (
    <ListTabs
      testId="threshold-settings-page"
      tabs={THRESHOLD_TABS.map((key) => ({ key, label: `threshold.tabs.${key}`, content: TAB_CONTENT[key] }))}
    />
  );
}
