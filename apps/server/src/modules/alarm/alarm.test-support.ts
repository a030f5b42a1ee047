import type { Alarm } from '@envmon/shared';
import { expect } from 'vitest';
import type { App } from '../../app-types.js';
import type { DomainEvents, ReceivedValue } from '../../events/bus.js';
import { call } from '../../test/harness.js';

export const THRESHOLD = '/manager/alarm/threshold/rest';
export const STRATEGY = '/manager/system/alarm/strategy/rest';
export const ALARM = '/manager/alarm/rest';
export const WORK_ORDER = '/manager/alarm/workorder/rest';

/** A stored value as the ingest pipeline announces it. */
export function value(factorCode: string, v: number | null, flag = 'N'): ReceivedValue {
  return { factorCode, value: v, min: null, max: null, cou: null, flag, quality: 'N' };
}

/**
 * Drives the alarm engine through the app's bus, as the gateway would, and watches its
 * 'alarm.changed' announcements.
 */
export class EngineDriver {
  readonly changes: Alarm[][] = [];
  private sentinelActive = false;

  constructor(
    private readonly app: App,
    /** A device only `settle` uses. */
    private readonly sentinelId: number,
  ) {
    app.bus.subscribe('alarm.changed', (e) => this.changes.push(e.alarms));
  }

  data(deviceId: number, values: ReceivedValue[], kind: DomainEvents['data.received']['kind'] = 'rtd'): void {
    this.app.bus.publish('data.received', { deviceId, deviceCode: `D${deviceId}`, kind, dataTime: 0, values });
  }

  offline(deviceId: number): void {
    this.app.bus.publish('device.offline', { deviceId, deviceCode: `D${deviceId}`, at: 0, reason: 'silent' });
  }

  online(deviceId: number): void {
    this.app.bus.publish('device.online', { deviceId, deviceCode: `D${deviceId}`, at: 0, remote: 'test' });
  }

  /**
   * Resolves once every event published so far has been handled: the engine handles events in
   * order, so when a change of the sentinel (published last) is announced, the rest are done.
   */
  async settle(): Promise<void> {
    const from = this.changes.length;
    if (this.sentinelActive) this.online(this.sentinelId);
    else this.offline(this.sentinelId);
    this.sentinelActive = !this.sentinelActive;
    await expect
      .poll(() => this.changes.slice(from).some((c) => c.some((a) => a.deviceId === this.sentinelId)))
      .toBe(true);
  }

  /** Every alarm announced since `from` (an index into changes), sentinel left out. */
  announcedSince(from: number): Alarm[] {
    return this.changes
      .slice(from)
      .flat()
      .filter((a) => a.deviceId !== this.sentinelId);
  }
}

export async function addThreshold(
  app: App,
  token: string,
  input: {
    deviceId: number;
    factorCode: string;
    operator: number;
    limit1: number | null;
    limit2?: number | null;
  } & Record<string, unknown>,
): Promise<{ id: number }> {
  return call<{ id: number }>(app, token, 'POST', `${THRESHOLD}/add`, { payload: input });
}

export async function setStrategy(app: App, token: string, input: Record<string, unknown>): Promise<{ id: number }> {
  return call<{ id: number }>(app, token, 'POST', `${STRATEGY}/update`, { payload: input });
}

export async function currentAlarms(app: App, token: string, query: Record<string, string> = {}): Promise<Alarm[]> {
  return call<Alarm[]>(app, token, 'GET', `${ALARM}/getCurrent`, { query });
}
