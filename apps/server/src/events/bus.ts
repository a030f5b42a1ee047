import type { Alarm } from '@envmon/shared';
import type { MeasurementKind, MeasurementsTable } from '../db/schema.js';

/** One stored value as announced to processors (alarm engine, live push): its measurement row's values and flags. */
export type ReceivedValue = Pick<
  MeasurementsTable,
  'factorCode' | 'value' | 'min' | 'max' | 'cou' | 'flag' | 'quality'
>;

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
  /**
   * An equipment-state upload committed (2021 run state, 2041 run time, 2081 restart): stored as its original packet
   * only. `dataTime` is its DataTime, or when it has none (a 2081 may not) the time it was received.
   */
  'state.received': { deviceId: number; deviceCode: string; cn: string; dataTime: number };
  'device.online': { deviceId: number; deviceCode: string; at: number; remote: string };
  'device.offline': { deviceId: number; deviceCode: string; at: number; reason: 'silent' | 'closed' };
  /**
   * A rejected packet (unparseable, bad CRC, unknown or invalid device, wrong PW) kept as an original
   * record: a bounded sample, since anyone can send them; the gateway counts and logs the rest.
   */
  'packet.rejected': { mn: string | null; cn: string | null; remote: string; reason: string; at: number };
  /** Alarms raised, updated (value, count, work order) or cleared (active false), after their commit. */
  'alarm.changed': { alarms: Alarm[] };
  /**
   * Settings that processors hold in memory changed (after the commit): every process re-reads what
   * the topic names. `codes` are station codes the gateways must look up afresh (imports, edits).
   */
  'config.changed': { topic: ConfigTopic; codes?: string[] };
}

/** What a 'config.changed' event asks processes to re-read. */
export type ConfigTopic = 'factors' | 'alarmRules' | 'wxAlarm' | 'stations' | 'dataRules' | 'transferFormat' | 'jobs';

export type DomainEventName = keyof DomainEvents;
export type DomainEventHandler<K extends DomainEventName> = (payload: DomainEvents[K]) => void;

export interface SubscribeOptions {
  /**
   * Subscribers sharing a group take turns: each event reaches one of them in the whole cluster (work
   * done once, such as judging alarms), where a subscriber without a group gets every event (fan-out,
   * such as live push). In one process the group's single subscriber gets every event.
   */
  group?: string;
  /**
   * Whose events: 'anywhere' (default) every process's, 'here' only this process's own — handed over
   * synchronously, in publish order (the alarm engine judging the stations this process's gateway holds) —
   * and 'elsewhere' only other processes' (a change this process has already applied itself).
   */
  from?: 'anywhere' | 'here' | 'elsewhere';
}

/**
 * Publish/subscribe between the gateway, storage and processors. The in-process bus below serves
 * one machine; a bus over NATS JetStream implements the same interface (DESIGN.md 'Scale path').
 */
export interface EventBus {
  publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void;
  /** Returns the unsubscribe function. */
  subscribe<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>, options?: SubscribeOptions): () => void;
}

type AnyHandler = (payload: never) => void;

/** A group's members in the order they take turns, and whose turn is next. */
interface Group {
  members: AnyHandler[];
  next: number;
}

export class InProcessEventBus implements EventBus {
  private readonly handlers = new Map<DomainEventName, Set<AnyHandler>>();
  private readonly groups = new Map<DomainEventName, Map<string, Group>>();

  constructor(private readonly onHandlerError: (name: DomainEventName, err: unknown) => void) {}

  publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    const chosen = [...(this.groups.get(name)?.values() ?? [])].map((group) => {
      const member = group.members[group.next % group.members.length];
      group.next = (group.next + 1) % group.members.length;
      return member;
    });
    for (const handler of [...(this.handlers.get(name) ?? []), ...chosen]) {
      // One failing processor must not stop the others, nor the publisher.
      try {
        (handler as DomainEventHandler<K>)(payload);
      } catch (err) {
        this.onHandlerError(name, err);
      }
    }
  }

  /** In one process nothing comes from elsewhere. */
  subscribe<K extends DomainEventName>(
    name: K,
    handler: DomainEventHandler<K>,
    { group, from = 'anywhere' }: SubscribeOptions = {},
  ): () => void {
    if (from === 'elsewhere') return () => undefined;
    const entry = handler as AnyHandler;
    if (group) return this.join(name, group, entry);
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    set.add(entry);
    return () => set.delete(entry);
  }

  private join(name: DomainEventName, groupName: string, entry: AnyHandler): () => void {
    const groups = this.groups.get(name) ?? new Map<string, Group>();
    this.groups.set(name, groups);
    let group = groups.get(groupName);
    if (!group) {
      group = { members: [], next: 0 };
      groups.set(groupName, group);
    }
    const joined = group;
    joined.members.push(entry);
    return () => {
      joined.members = joined.members.filter((member) => member !== entry);
      joined.next = 0;
      if (joined.members.length === 0) groups.delete(groupName);
    };
  }
}
