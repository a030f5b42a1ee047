import { afterEach, describe, expect, it } from 'vitest';
import { simulatedStationMn, simulatedStationSpecs, startFleet, type Fleet } from './fleet.js';
import { TestHost } from './test-host.js';

describe('simulated station specs', () => {
  it('names MNs deterministically per kind and index', () => {
    expect(simulatedStationMn('water', 1)).toBe('SIMW0001000000000000');
    expect(simulatedStationMn('air', 12)).toBe('SIMA0012000000000000');
    expect(simulatedStationMn('water', 3, 'DEMO')).toBe('DEMOW000300000000000');
  });

  it('alternates water and air with bilingual names, the shared password and their factor lists', () => {
    const specs = simulatedStationSpecs(4);
    expect(specs.map((s) => [s.mn, s.kind, s.st, s.name.zh, s.name.en])).toEqual([
      ['SIMW0001000000000000', 'water', '21', '模拟水站 1', 'Simulated water station 1'],
      ['SIMA0001000000000000', 'air', '22', '模拟空气站 1', 'Simulated air station 1'],
      ['SIMW0002000000000000', 'water', '21', '模拟水站 2', 'Simulated water station 2'],
      ['SIMA0002000000000000', 'air', '22', '模拟空气站 2', 'Simulated air station 2'],
    ]);
    expect(specs.every((s) => s.pw === '123456')).toBe(true);
    expect(specs[0]?.factors).toContain('w01003');
    expect(specs[1]?.factors).toContain('a05024');
    expect(simulatedStationSpecs(4)).toEqual(specs);
    const many = simulatedStationSpecs(500);
    expect(new Set(many.map((s) => s.mn)).size).toBe(500);
    expect(new Set(many.map((s) => s.seed)).size).toBe(500);
  });
});

describe('startFleet', () => {
  let host: TestHost | undefined;
  let fleet: Fleet | undefined;

  afterEach(async () => {
    await fleet?.stop();
    await host?.close();
  });

  it('starts every station against the host and stops them all', async () => {
    host = await TestHost.start();
    const h = host;
    fleet = startFleet({ stations: 3, host: '127.0.0.1', port: h.port, rtdIntervalMs: 40 });
    await h.until(() => {
      const mns = new Set(h.ofCn('2011').map((p) => p.message.mn));
      return mns.size === 3;
    }, 'real-time data from all three');
    expect(new Set(h.ofCn('2011').map((p) => `${p.message.mn} ${p.message.st}`))).toEqual(
      new Set(['SIMW0001000000000000 21', 'SIMA0001000000000000 22', 'SIMW0002000000000000 21']),
    );
    await fleet.stop();
    await h.until(() => h.closedConnections === 3, 'all closed');
    expect(fleet.stations.every((s) => !s.connected)).toBe(true);
  });
});
