import { usePreferences } from '../../../../app/providers/preferences';
import { EChart } from '../../../../components/chart/echart';
import { buildSparklineOption, type SparklineInput } from '../utils/sparkline-option';

interface SparklineProps extends Omit<SparklineInput, 'theme'> {
  height: number;
  'data-testid'?: string;
}

/** A trend line in the console's theme, sized by its container's width. */
export function Sparkline({ height, 'data-testid': testId, ...input }: SparklineProps) {
  const { theme } = usePreferences();
  return (
    <EChart
      option={buildSparklineOption({ ...input, theme })}
      theme={theme}
      replaceMerge={['series']}
      style={{ height, width: '100%' }}
      data-testid={testId}
    />
  );
}
