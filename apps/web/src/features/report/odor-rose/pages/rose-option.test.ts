import { ROSE_SECTORS, type OdorRose } from '@envmon/shared';
import * as echarts from 'echarts';
import { describe, expect, it } from 'vitest';
import { roseOption } from './rose-option';

const ROSE: OdorRose = {
  deviceId: 7,
  deviceName: '莲花山站',
  factorCode: 'ODR1',
  factorName: '臭气浓度',
  factorNameEn: 'Odour',
  unit: 'OU',
  decimals: 1,
  timeUnit: 'hour',
  samples: 4,
  calmSpeed: 0.5,
  calm: { count: 0, frequency: 0, mean: null },
  sectors: ROSE_SECTORS.map((sector, i) => ({
    sector,
    from: (i * 22.5 - 11.25 + 360) % 360,
    to: i * 22.5 + 11.25,
    count: i % 4 === 0 ? 1 : 0,
    frequency: i % 4 === 0 ? 25 : 0,
    mean: i % 4 === 0 ? 12.345 : null,
  })),
};

describe('roseOption', () => {
  it('gives each rose its own polar, N first at the top, means at the factor decimals', () => {
    const option = roseOption('light', ROSE, { frequency: 'F', mean: 'M' }, 1);
    expect(option.polar).toHaveLength(2);
    expect(option.angleAxis.map((a) => [a.polarIndex, a.startAngle, a.data[0]])).toEqual([
      [0, 101.25, 'N'],
      [1, 101.25, 'N'],
    ]);
    expect(option.series.map((s) => s.polarIndex)).toEqual([0, 1]);
    expect(option.series[1]?.data.slice(0, 2)).toEqual([12.3, null]);
  });

  it('is an option ECharts draws (server-side SVG), in both themes', () => {
    for (const theme of ['light', 'dark'] as const) {
      const chart = echarts.init(null, theme === 'dark' ? 'dark' : undefined, {
        renderer: 'svg',
        ssr: true,
        width: 800,
        height: 400,
      });
      chart.setOption(roseOption(theme, ROSE, { frequency: 'F', mean: 'M' }, 1));
      const svg = chart.renderToSVGString();
      chart.dispose();
      // Both titles and the sector labels are drawn.
      expect(svg).toContain('>F<');
      expect(svg).toContain('>M<');
      expect(svg).toContain('>NNE<');
    }
  });
});
