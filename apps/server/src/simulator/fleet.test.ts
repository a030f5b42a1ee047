import { afterEach, describe, expect, it } from 'vitest';
import { simulatedStationMn, simulatedStationSpecs, startFleet, type Fleet } from './fleet.js';
import { TestHost } from './test-host.js';
import { EPISODE, episodeIntensity } from './station-model.js';
import { BATTERY_FACTOR_CODE } from '../modules/alarm/alarm-rules.js';
import { LEVEL_FACTOR_CODE } from '../db/platform-factors.js';

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

describe('overflow stations and episodes', () => {
  it('follow the water and air stations, with their own MNs, ST 32 and the level factor', () => {
    const specs = simulatedStationSpecs(2, undefined, { overflow: 1 });
    expect(specs.map((s) => [s.mn, s.kind, s.st, s.index, s.seed, s.name.en])).toEqual([
      ['SIMW0001000000000000', 'water', '21', 1, 1, 'Simulated water station 1'],
      ['SIMA0001000000000000', 'air', '22', 1, 2, 'Simulated air station 1'],
      ['SIMO0001000000000000', 'overflow', '32', 1, 3, 'Simulated overflow station 1'],
    ]);
    expect(specs[2]?.name.zh).toBe('模拟溢流站 1');
    expect(specs[2]?.factors).toEqual([LEVEL_FACTOR_CODE, BATTERY_FACTOR_CODE]);
  });

  it("spread the stations' episodes evenly over the hour, so that one of seven is always at its height", () => {
    const specs = simulatedStationSpecs(6, undefined, { overflow: 1 });
    expect(specs.map((s) => s.episodeOffsetMs)).toEqual(
      Array.from({ length: 7 }, (_, i) => Math.floor((i * EPISODE.periodMs) / 7)),
    );
    const start = Date.UTC(2026, 10, 26);
    for (let t = start; t < start + 2 * EPISODE.periodMs; t += 10_000) {
      const strongest = Math.max(...specs.map((s) => episodeIntensity(t, s.episodeOffsetMs)));
      expect(strongest, new Date(t).toISOString()).toBe(1);
    }
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
