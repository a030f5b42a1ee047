import { describe, expect, it } from 'vitest';
import { isWaterStation, panelGroups } from './panel-actions';

const cnsOf = (deviceType: string) => panelGroups(deviceType).map((g) => [g.family, g.actions.map((a) => a.cn)]);

describe('the control panel’s actions', () => {
  it('offer a surface-water station (ST 21) everything, by family', () => {
    expect(cnsOf('21')).toEqual([
      ['sampling', ['3012', '3015', '3014']],
      ['cleaning', ['3013']],
      ['calibration', ['3011', '3024', '3080', '3081', '3082', '3083', '3084', '3085', '3086']],
      ['operation', ['3042', '3046', '3045', '3043', '3100']],
    ]);
  });

  it('leave the surface-water variant’s actions, and a family left empty, out for other water stations', () => {
    expect(cnsOf('32')).toEqual([
      ['sampling', ['3012', '3015', '3014']],
      ['cleaning', ['3013']],
      ['calibration', ['3011', '3024']],
    ]);
  });

  it('ask for a factor where the command needs one, the run mode for 3042, a confirmation for the emergency stop', () => {
    const actions = new Map(panelGroups('21').flatMap((g) => g.actions.map((a) => [a.cn, a])));
    expect(actions.get('3011')?.input).toBe('factor');
    expect(actions.get('3083')?.input).toBe('factor');
    expect(actions.get('3012')?.input).toBe('none');
    expect(actions.get('3042')?.input).toBe('runMode');
    expect([...actions.values()].filter((a) => a.confirm).map((a) => a.cn)).toEqual(['3045']);
  });

  it('are for water stations: surface water, groundwater, sea water and their sources, not air', () => {
    expect(['21', '24', '26', '32', '33', '52'].every(isWaterStation)).toBe(true);
    expect(['22', '31', '51', '', '99'].some(isWaterStation)).toBe(false);
  });
});
