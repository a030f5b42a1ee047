// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { WithStationValue } from './station-value';

afterEach(cleanup);

describe('WithStationValue', () => {
  it('shows the station’s value beside the stored one only where a data rule changed it', async () => {
    await i18n.changeLanguage('zh-CN');
    const { container, rerender } = render(<WithStationValue text="11.4" stationValue={10.5} />);
    expect(container.textContent).toBe('11.4 （站点原值 10.5）');
    expect(screen.getByTestId('station-value').textContent).toBe('（站点原值 10.5）');
    rerender(<WithStationValue text="7.25" stationValue={undefined} />);
    expect(container.textContent).toBe('7.25');
    expect(screen.queryByTestId('station-value')).toBeNull();
    await i18n.changeLanguage('en-US');
    rerender(<WithStationValue text="-" stationValue={0.05} />);
    expect(container.textContent).toBe('- (station sent 0.05)');
  });
});
