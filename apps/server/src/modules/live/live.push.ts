import type { EventBus } from '../../events/bus.js';
import type { LiveHub } from './live.hub.js';
import { toLiveData, toLiveStatus } from './live.mapper.js';

/**
 * Live push as a processor: the bus's alarm, data and online events fanned out to this process's consoles
 * (alarms to whoever may see them, the rest to the connections that follow the device). Every HTTP process
 * runs one over its own hub, so a bus that crosses processes reaches every console. Returns the unsubscribe.
 */
export function pushDomainEvents(bus: EventBus, hub: LiveHub): () => void {
  const unsubscribe = [
    bus.subscribe('alarm.changed', ({ alarms }) => hub.publishAlarms(alarms)),
    bus.subscribe('data.received', (event) => {
      if (hub.followed(event.deviceId)) hub.publishMessage(toLiveData(event));
    }),
    bus.subscribe('device.online', (event) => {
      if (hub.followed(event.deviceId)) hub.publishMessage(toLiveStatus(event, true));
    }),
    bus.subscribe('device.offline', (event) => {
      if (hub.followed(event.deviceId)) hub.publishMessage(toLiveStatus(event, false));
    }),
  ];
  return () => {
    for (const off of unsubscribe) off();
  };
}
