import type { LiveData, LiveStatus } from '@envmon/shared';
import type { DomainEvents } from '../../events/bus.js';

/** What live screens need of committed values: no min/max/cou (they are for reports). */
export function toLiveData(event: DomainEvents['data.received']): LiveData {
  return {
    type: 'data',
    deviceId: event.deviceId,
    deviceCode: event.deviceCode,
    kind: event.kind,
    dataTime: event.dataTime,
    values: event.values.map(({ factorCode, value, flag, quality }) => ({ factorCode, value, flag, quality })),
  };
}

export function toLiveStatus(event: DomainEvents['device.online'] | DomainEvents['device.offline'], online: boolean): LiveStatus {
  return { type: 'status', deviceId: event.deviceId, deviceCode: event.deviceCode, online, at: event.at };
}
