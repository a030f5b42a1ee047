import type { Alarm } from '@envmon/shared';
import type { MeasurementKind } from '../db/schema.js';

/** One stored value as announced to processors (alarm engine, live push). */
export interface ReceivedValue {
  factorCode: string;
  value: number | null;
  min: number | null;
  max: number | null;
  cou: number | null;
  /** The station's flag. */
  flag: string | null;
  /** The platform's quality flag. */
  quality: string;
}

/** The domain events of station traffic; later processors subscribe by name. */
export interface DomainEvents {
  /** Values committed to storage (announced after the commit). */
  'data.received': {
    deviceId: number;
    deviceCode: string;
    kind: MeasurementKind;
    dataTime: number;
    values: ReceivedValue[];
  };
  'device.online': { deviceId: number; deviceCode: string; at: number; remote: string };
  'device.offline': { deviceId: number; deviceCode: string; at: number; reason: 'silent' | 'closed' };
  /**
   * A rejected packet (unparseable, bad CRC, unknown or invalid device, wrong PW) kept as an original
   * record: a bounded sample, since anyone can send them; the gateway counts and logs the rest.
   */
  'packet.rejected': { mn: string | null; cn: string | null; remote: string; reason: string; at: number };
  /** Alarms raised, updated (value, count, work order) or cleared (active false), after their commit. */
  'alarm.changed': { alarms: Alarm[] };
}

export type DomainEventName = keyof DomainEvents;
export type DomainEventHandler<K extends DomainEventName> = (payload: DomainEvents[K]) => void;

/**
 * Publish/subscribe between the gateway, storage and processors. The in-process bus below serves
 * one machine; a bus over NATS JetStream implements the same interface (DESIGN.md 'Scale path').
 */
export interface EventBus {
  publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void;
  /** Returns the unsubscribe function. */
  subscribe<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>): () => void;
}

export class InProcessEventBus implements EventBus {
  private readonly handlers = new Map<DomainEventName, Set<(payload: never) => void>>();

  constructor(private readonly onHandlerError: (name: DomainEventName, err: unknown) => void) {}

  publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    for (const handler of this.handlers.get(name) ?? []) {
      // One failing processor must not stop the others, nor the publisher.
      try {
        (handler as DomainEventHandler<K>)(payload);
      } catch (err) {
        this.onHandlerError(name, err);
      }
    }
  }

  subscribe<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>): () => void {
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    const entry = handler as (payload: never) => void;
    set.add(entry);
    return () => set.delete(entry);
  }
}
