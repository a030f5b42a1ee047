import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  type DomainEventHandler,
  type DomainEventName,
  type DomainEvents,
  type EventBus,
  InProcessEventBus,
  type SubscribeOptions,
} from './bus.js';

/** Every domain event travels on `envmon.events.<name>` (e.g. envmon.events.alarm.changed). */
export const EVENT_SUBJECT_PREFIX = 'envmon.events';

export const eventSubject = (name: DomainEventName): string => `${EVENT_SUBJECT_PREFIX}.${name}`;

/** What travels: the event and the bus it came from, so that a process can tell its own events. */
interface Envelope<K extends DomainEventName> {
  origin: string;
  payload: DomainEvents[K];
}

export interface NatsEventBusOptions {
  /** The server(s), e.g. nats://127.0.0.1:4222 (NATS_URL). */
  url: string;
  /** This process's name on the server (its node id): what `nats server report connections` shows. */
  name: string;
  /** A handler that throws is reported here; the other handlers and the publisher go on. */
  onHandlerError: (name: DomainEventName, err: unknown) => void;
}

/**
 * The EventBus across processes (DESIGN.md 'Scale path'): an event published by any process reaches
 * the subscribers of every process connected to the same NATS server, its own included, as JSON.
 * Delivery across the server is asynchronous: such a handler runs after publish() returns; a
 * subscriber of this process's own events ('here') is handed each one at once, in publish order.
 */
export class NatsEventBus implements EventBus {
  /** Tells this bus's events from other processes' (two processes may share a node id by mistake). */
  private readonly origin = randomUUID();
  private readonly here: InProcessEventBus;

  private constructor(
    /** The process's connection, shared by whatever else crosses processes (commands to stations). */
    readonly connection: NatsConnection,
    private readonly onHandlerError: NatsEventBusOptions['onHandlerError'],
  ) {
    this.here = new InProcessEventBus(onHandlerError);
  }

  static async connect({ url, name, onHandlerError }: NatsEventBusOptions): Promise<NatsEventBus> {
    // Reconnects forever: a bus that gives up would leave the process running deaf.
    const connection = await connect({ servers: url, name, maxReconnectAttempts: -1 });
    return new NatsEventBus(connection, onHandlerError);
  }

  publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    this.here.publish(name, payload);
    const envelope: Envelope<K> = { origin: this.origin, payload };
    this.connection.publish(eventSubject(name), JSON.stringify(envelope));
  }

  /** A group is a NATS queue group: the server hands each event to one member. */
  subscribe<K extends DomainEventName>(
    name: K,
    handler: DomainEventHandler<K>,
    { group, from = 'anywhere' }: SubscribeOptions = {},
  ): () => void {
    if (from === 'here') return this.here.subscribe(name, handler, group ? { group } : {});
    const subscription: Subscription = this.connection.subscribe(eventSubject(name), {
      ...(group ? { queue: group } : {}),
      callback: (err, msg) => {
        try {
          if (err) throw err;
          const { origin, payload } = msg.json<Envelope<K>>();
          if (from === 'elsewhere' && origin === this.origin) return;
          handler(payload);
        } catch (handlerErr) {
          this.onHandlerError(name, handlerErr);
        }
      },
    });
    return () => subscription.unsubscribe();
  }

  /** Everything published so far has reached the server (a test's or a shutdown's barrier). */
  flush(): Promise<void> {
    return this.connection.flush();
  }

  /** Delivers what is pending to the handlers, then disconnects. */
  close(): Promise<void> {
    return this.connection.drain();
  }
}
