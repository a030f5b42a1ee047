import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import type { DomainEventHandler, DomainEventName, DomainEvents, EventBus, SubscribeOptions } from './bus.js';

/** Every domain event travels on `envmon.events.<name>` (e.g. envmon.events.alarm.changed). */
export const EVENT_SUBJECT_PREFIX = 'envmon.events';

export const eventSubject = (name: DomainEventName): string => `${EVENT_SUBJECT_PREFIX}.${name}`;

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
 * Unlike the in-process bus, delivery is asynchronous: a handler runs after publish() returns.
 */
export class NatsEventBus implements EventBus {
  private constructor(
    private readonly connection: NatsConnection,
    private readonly onHandlerError: NatsEventBusOptions['onHandlerError'],
  ) {}

  static async connect({ url, name, onHandlerError }: NatsEventBusOptions): Promise<NatsEventBus> {
    // Reconnects forever: a bus that gives up would leave the process running deaf.
    const connection = await connect({ servers: url, name, maxReconnectAttempts: -1 });
    return new NatsEventBus(connection, onHandlerError);
  }

  publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    this.connection.publish(eventSubject(name), JSON.stringify(payload));
  }

  /** A group is a NATS queue group: the server hands each event to one member. */
  subscribe<K extends DomainEventName>(
    name: K,
    handler: DomainEventHandler<K>,
    { group }: SubscribeOptions = {},
  ): () => void {
    const subscription: Subscription = this.connection.subscribe(eventSubject(name), {
      ...(group ? { queue: group } : {}),
      callback: (err, msg) => {
        try {
          if (err) throw err;
          handler(msg.json<DomainEvents[K]>());
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
