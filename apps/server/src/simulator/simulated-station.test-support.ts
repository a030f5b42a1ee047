import { once } from 'node:events';
import { HOUR_MS } from '@envmon/shared';
import { afterEach } from 'vitest';
import { SimulatedStation, type SimulatedStationOptions } from './simulated-station.js';
import { TestHost } from './test-host.js';

/** The MN of the simulated water station the tests drive. */
export const TEST_MN = 'SIMW0001000000000000';

/**
 * Simulated stations connected to a test host of their own, each stopped with its host after every test.
 * Returns the function that starts one (`defaults`, then the test's own options) and waits for it to connect.
 */
export function useSimulatedStations(defaults: Partial<SimulatedStationOptions> = {}) {
  const hosts: TestHost[] = [];
  const stations: SimulatedStation[] = [];

  afterEach(async () => {
    await Promise.all(stations.splice(0).map((s) => s.stop()));
    await Promise.all(hosts.splice(0).map((h) => h.close()));
  });

  return async function setup(
    options: Partial<SimulatedStationOptions> = {},
  ): Promise<{ host: TestHost; station: SimulatedStation }> {
    const host = await TestHost.start();
    hosts.push(host);
    const station = new SimulatedStation({
      mn: TEST_MN,
      pw: '123456',
      kind: 'water',
      seed: 1,
      host: '127.0.0.1',
      port: host.port,
      // Long intervals: tests drive uploads themselves unless they test the schedule.
      rtdIntervalMs: HOUR_MS,
      minuteIntervalMs: HOUR_MS,
      reconnectMinMs: 20,
      reconnectMaxMs: 50,
      ...defaults,
      ...options,
    });
    stations.push(station);
    const connected = once(station, 'connected');
    station.start();
    await connected;
    return { host, station };
  };
}
