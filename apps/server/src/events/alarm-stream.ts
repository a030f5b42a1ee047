import type { Alarm } from '@envmon/shared';
import {
  AckPolicy,
  type ConsumerConfig,
  type ConsumerMessages,
  DeliverPolicy,
  DiscardPolicy,
  type JsMsg,
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Leadership } from '../cluster/leadership.js';
import type { DomainEvents } from './bus.js';
import { eventSubject } from './nats-bus.js';

/**
 * The 'alarm.changed' events kept by JetStream, so that the WeChat raise message of an alarm raised while
 * no process leads (the leader died, the next one is not elected yet, or it is restarting) is sent by the
 * next leader instead of being dropped by everyone. The bus publishes on the same subject over core
 * NATS; the stream stores what it hears there, so publishing is unchanged.
 */
export const ALARM_STREAM = 'ENVMON_ALARMS';
/** The durable consumer the leader reads; its acknowledged position survives every process. */
export const ALARM_CONSUMER = 'wx-alarm';

const ALARM_SUBJECT = eventSubject('alarm.changed');
const NS_PER_MS = 1_000_000;

/** A day of alarm events, bounded in count and size: enough to outlast any election, never a disk hog. */
const STREAM_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const STREAM_MAX_MSGS = 100_000;
const STREAM_MAX_BYTES = 256 * 1024 * 1024;

/** JetStream's error code for 'stream name already in use with a different configuration'. */
const STREAM_NAME_EXIST = 10058;
/**
 * What NATS 2.9 answers the second of two creates racing each other when the first has just made the stream
 * (its subject is taken — by the stream of the same name).
 */
const STREAM_SUBJECT_OVERLAP = 10065;

export interface AlarmStreamOptions {
  /**
   * How long a delivered, unacknowledged message waits before it goes out again: what a leader that
   * died holding messages costs the next one. The handler only queues a send, so this can be short.
   */
  ackWaitMs?: number;
  /** Deliveries of one message before JetStream gives up on it (a handler that keeps failing). */
  maxDeliver?: number;
}

const DEFAULT_ACK_WAIT_MS = 10_000;
const DEFAULT_MAX_DELIVER = 5;

function streamConfig(): Partial<StreamConfig> & { name: string } {
  return {
    name: ALARM_STREAM,
    subjects: [ALARM_SUBJECT],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: STREAM_MAX_AGE_MS * NS_PER_MS,
    max_msgs: STREAM_MAX_MSGS,
    max_bytes: STREAM_MAX_BYTES,
    num_replicas: 1,
  };
}

function consumerConfig({ ackWaitMs, maxDeliver }: AlarmStreamOptions): Partial<ConsumerConfig> {
  return {
    durable_name: ALARM_CONSUMER,
    description: 'WeChat alarm raises, read by the elected process',
    // Created once, it starts at the events to come, not the day the stream holds; from then on its
    // position is what it has acknowledged.
    deliver_policy: DeliverPolicy.New,
    ack_policy: AckPolicy.Explicit,
    ack_wait: (ackWaitMs ?? DEFAULT_ACK_WAIT_MS) * NS_PER_MS,
    max_deliver: maxDeliver ?? DEFAULT_MAX_DELIVER,
    filter_subject: ALARM_SUBJECT,
  };
}

/**
 * Creates the stream and the durable consumer, or brings an existing pair to this version's limits.
 * Every process calls it on start (any of them may be the first), several at once: JetStream accepts a
 * create that matches what exists, and an update settles one that differs. The consumer's start policy
 * cannot change once created; the rest can.
 */
export async function ensureAlarmStream(connection: NatsConnection, options: AlarmStreamOptions = {}): Promise<void> {
  const jsm = await jetstreamManager(connection);
  const stream = streamConfig();
  try {
    await jsm.streams.add(stream);
  } catch (err) {
    if (!(err instanceof JetStreamApiError && [STREAM_NAME_EXIST, STREAM_SUBJECT_OVERLAP].includes(err.code))) {
      throw err;
    }
    // Another process made it first (an overlap with a stream of another name fails here, as it should).
    await jsm.streams.update(ALARM_STREAM, stream);
  }
  const consumer = consumerConfig(options);
  try {
    await jsm.consumers.add(ALARM_STREAM, consumer);
  } catch (err) {
    if (!(err instanceof JetStreamApiError)) throw err;
    const { deliver_policy: _fixed, durable_name: _name, filter_subject: _filter, ...changeable } = consumer;
    await jsm.consumers.update(ALARM_STREAM, ALARM_CONSUMER, changeable);
  }
}

/** What the bus puts on the subject (NatsEventBus's envelope). */
interface AlarmEnvelope {
  origin: string;
  payload: DomainEvents['alarm.changed'];
}

export interface ConsumeWhileLeaderOptions {
  log: { warn(fields: object, msg: string): void };
  /** How long a message whose handler failed waits before it is delivered again. */
  nakDelayMs?: number;
  /** The pause before reading again after the consumer could not be read (NATS down, stream missing). */
  retryMs?: number;
}

const DEFAULT_NAK_DELAY_MS = 5000;
const DEFAULT_RETRY_MS = 2000;

/**
 * Reads the durable consumer while this process leads: each event's alarms go to the handler, in
 * order, and are acknowledged once it has returned; a handler that throws gets the event again after
 * nakDelayMs, up to the consumer's max_deliver. Losing the leadership stops the reading; what was
 * delivered and not yet acknowledged goes to the next leader after the ack wait. Returns the stop
 * function. Call ensureAlarmStream first.
 */
export function consumeWhileLeader(
  connection: NatsConnection,
  leadership: Leadership,
  handler: (alarms: readonly Alarm[]) => void | Promise<void>,
  { log, nakDelayMs = DEFAULT_NAK_DELAY_MS, retryMs = DEFAULT_RETRY_MS }: ConsumeWhileLeaderOptions,
): () => Promise<void> {
  const js = jetstream(connection);
  let stopped = false;
  let reading: ConsumerMessages | null = null;
  let running: Promise<void> | null = null;
  const leading = () => !stopped && leadership.isLeader();

  const deliver = async (msg: JsMsg): Promise<void> => {
    let alarms: readonly Alarm[];
    try {
      alarms = msg.json<AlarmEnvelope>().payload.alarms;
      if (!Array.isArray(alarms)) throw new Error('no alarms in the event');
    } catch (err) {
      log.warn({ err, seq: msg.seq }, 'alarm stream: an unreadable event; dropped');
      msg.term();
      return;
    }
    try {
      await handler(alarms);
      msg.ack();
    } catch (err) {
      log.warn({ err, seq: msg.seq, deliveries: msg.info.deliveryCount }, 'alarm stream: the handler failed; retrying');
      msg.nak(nakDelayMs);
    }
  };

  const run = async (): Promise<void> => {
    while (leading() && !connection.isClosed()) {
      try {
        const consumer = await js.consumers.get(ALARM_STREAM, ALARM_CONSUMER);
        if (!leading()) return;
        reading = await consumer.consume({ max_messages: 16 });
        for await (const msg of reading) {
          // Already handed over after a stop: left unacknowledged, the next leader gets it.
          if (!leading()) break;
          await deliver(msg);
        }
      } catch (err) {
        if (!leading() || connection.isClosed()) return;
        log.warn({ err }, 'alarm stream: could not read the consumer; retrying');
        await sleep(retryMs);
      } finally {
        reading = null;
      }
    }
  };

  const follow = () => {
    if (running || !leading()) return;
    running = run().finally(() => {
      running = null;
      // Elected again while the last reading wound down.
      follow();
    });
  };

  const unlisten = leadership.onChange((leader) => {
    if (leader) follow();
    else reading?.stop();
  });
  follow();

  return async () => {
    stopped = true;
    unlisten();
    reading?.stop();
    await running;
  };
}
