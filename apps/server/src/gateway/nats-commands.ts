import {
  createInbox,
  type Msg,
  type NatsConnection,
  nuid,
  RequestError,
  type Subscription,
  TimeoutError,
} from '@nats-io/transport-node';
import { z } from 'zod';
import { DomainError } from '../lib/errors.js';
import {
  type CommandOptions,
  type CommandOutcome,
  type CommandRequest,
  DEFAULT_COMMAND_OPTIONS,
} from './command-channel.js';
import type { Gateway } from './gateway.js';
import type { StationCommands } from './station-commands.js';

/**
 * Commands to stations across processes (DESIGN.md 'Scale path'): the gateway process holding a
 * station's connection answers requests on `envmon.station.<MN>.command` (and `.probe`, "is it
 * connected?") while it holds it; any process asks with a NATS request. Nobody subscribed means no
 * gateway holds the station — NATS answers "no responders" at once, which is "not connected".
 */
export const STATION_SUBJECT_PREFIX = 'envmon.station';
/** Where gateways say which station they came to hold or let go, so that an older holder stops answering. */
export const HELD_SUBJECT = 'envmon.stations.held';

/** A device code as one subject token: '.', '*', '>' and spaces would change the subject's meaning. */
const stationToken = (deviceCode: string): string =>
  encodeURIComponent(deviceCode).replace(/[.*>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const stationSubject = (deviceCode: string, kind: 'command' | 'probe' | '*'): string =>
  `${STATION_SUBJECT_PREFIX}.${stationToken(deviceCode)}.${kind}`;

/** How long "is it connected?" waits for the holding gateway. */
export const PROBE_TIMEOUT_MS = 2_000;
/** What a requester allows beyond the gateway's heartbeat before it gives up on the gateway. */
export const COMMAND_MARGIN_MS = 2_000;

/**
 * A command may run for long — a backfill goes on while its station streams, with no bound — so the
 * gateway says it is still at it every `timeoutMs` until the outcome, and the requester gives up only
 * when the gateway falls silent for longer than that.
 */
export const commandSilenceMs = (options: CommandOptions): number => options.timeoutMs + COMMAND_MARGIN_MS;

const commandMessage = z.object({
  request: z.object({ cn: z.string().min(1), cp: z.record(z.string(), z.string()).optional() }),
  options: z.object({
    timeoutMs: z.number().positive(),
    retries: z.number().int().min(0),
    acceptedWaitMs: z.number().positive().optional(),
    record: z.object({ uploads: z.array(z.string().max(4)).max(20).readonly() }).optional(),
  }),
});
type CommandMessage = z.infer<typeof commandMessage>;
type CommandReply = { outcome: CommandOutcome } | { error: string } | { alive: true } | { accepted: string };
const heldMessage = z.object({ deviceCode: z.string(), by: z.string(), held: z.boolean() });

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface StationCommandServer {
  /** The gateway's `onStationHeld`: starts or stops answering for the station. */
  onStationHeld(deviceCode: string, held: boolean): void;
  /** Stops answering for every station (before the connection closes). */
  close(): void;
}

/**
 * The gateway side. Wire the returned server's onStationHeld into the gateway's deps (the gateway
 * holds no station before it listens, so the server may be made right after the gateway).
 *
 * Two gateways can hold one station for a while — it reconnected to another before its old socket
 * closed. The newest wins: a gateway coming to hold a station says so on HELD_SUBJECT and the others
 * stop answering for it; one that lets it go says so too, and one still holding it answers again.
 */
export function serveStationCommands(
  connection: NatsConnection,
  gateway: Pick<Gateway, 'isConnected' | 'sendCommand'>,
  log: Logger,
): StationCommandServer {
  const instance = nuid.next();
  /** Stations held here, with the subscription answering for each (null while another gateway holds it too). */
  const held = new Map<string, Subscription | null>();

  const answer = (deviceCode: string): Subscription =>
    connection.subscribe(stationSubject(deviceCode, '*'), {
      callback: (err, msg) => {
        if (err) log.warn({ err, deviceCode }, 'station commands: subscription failed');
        else respond(deviceCode, msg);
      },
    });

  const respond = (deviceCode: string, msg: Msg): void => {
    // The connection may be closing (shutdown): the requester then hears nothing and says so.
    const reply = (body: CommandReply | { connected: boolean }): void =>
      safely('reply', deviceCode, () => msg.respond(JSON.stringify(body)));
    if (msg.subject.endsWith('.probe')) {
      reply({ connected: gateway.isConnected(deviceCode) });
      return;
    }
    let command: CommandMessage;
    try {
      command = commandMessage.parse(msg.json());
    } catch (err) {
      log.warn({ err, deviceCode }, 'station commands: malformed request');
      reply({ error: 'malformed request' });
      return;
    }
    const heartbeat = setInterval(() => reply({ alive: true }), command.options.timeoutMs);
    gateway
      .sendCommand(deviceCode, command.request, { ...command.options, onAccepted: (qn) => reply({ accepted: qn }) })
      .then(
        (outcome) => reply({ outcome }),
        (err: unknown) => {
          log.warn({ err, deviceCode }, 'station commands: the command failed');
          reply({ error: String(err) });
        },
      )
      .finally(() => clearInterval(heartbeat));
  };

  /** Never throws into the gateway or a timer: a closed connection only means this process no longer answers. */
  const safely = (what: string, deviceCode: string, action: () => void): void => {
    try {
      action();
    } catch (err) {
      log.warn({ err, deviceCode }, `station commands: could not ${what}`);
    }
  };

  const others = connection.subscribe(HELD_SUBJECT, {
    callback: (err, msg) => {
      const parsed = err ? null : heldMessage.safeParse(msg.json());
      if (!parsed?.success) return;
      const { deviceCode, by, held: heldThere } = parsed.data;
      if (by === instance || !held.has(deviceCode)) return;
      const subscription = held.get(deviceCode) ?? null;
      if (heldThere && subscription) {
        log.info({ deviceCode }, 'station commands: the station is held by a newer connection elsewhere');
        subscription.unsubscribe();
        held.set(deviceCode, null);
      } else if (!heldThere && !subscription) {
        safely('answer', deviceCode, () => held.set(deviceCode, answer(deviceCode)));
      }
    },
  });

  const announce = (deviceCode: string, isHeld: boolean): void =>
    safely('announce', deviceCode, () =>
      connection.publish(HELD_SUBJECT, JSON.stringify({ deviceCode, by: instance, held: isHeld })),
    );

  return {
    onStationHeld(deviceCode, isHeld) {
      const subscription = held.get(deviceCode);
      if (isHeld) {
        if (subscription) return;
        safely('answer', deviceCode, () => held.set(deviceCode, answer(deviceCode)));
      } else {
        if (subscription === undefined) return;
        subscription?.unsubscribe();
        held.delete(deviceCode);
      }
      announce(deviceCode, isHeld);
    },
    close() {
      for (const subscription of held.values()) subscription?.unsubscribe();
      held.clear();
      others.unsubscribe();
    },
  };
}

/** The status NATS answers a request with when nobody subscribes to its subject. */
const NO_RESPONDERS = 503;

const OFFLINE: CommandOutcome = { ok: false, qn: null, reason: 'offline', qnRtn: null, exeRtn: null, attempts: 0 };

/**
 * The requesting side, for any process: asks whichever gateway holds the station. No gateway holding
 * it is "not connected"; a gateway that holds it but falls silent — no answer to a probe in
 * PROBE_TIMEOUT_MS, no heartbeat or outcome of a command in commandSilenceMs — is DomainError
 * 'gatewayNoAnswer' (it may be stuck, or gone before the server noticed).
 */
export class NatsStationCommands implements StationCommands {
  constructor(
    private readonly connection: NatsConnection,
    /** The options a command without its own is sent with: the gateway's (config), so both sides agree on the wait. */
    private readonly defaults: CommandOptions = DEFAULT_COMMAND_OPTIONS,
    private readonly probeTimeoutMs = PROBE_TIMEOUT_MS,
  ) {}

  async isConnected(deviceCode: string): Promise<boolean> {
    const reply = await this.ask(stationSubject(deviceCode, 'probe'), '', this.probeTimeoutMs);
    return reply?.json<{ connected: boolean }>().connected === true;
  }

  async sendCommand(
    deviceCode: string,
    request: CommandRequest,
    options: CommandOptions = this.defaults,
  ): Promise<CommandOutcome> {
    const message: CommandMessage = { request, options };
    const answer = await this.command(stationSubject(deviceCode, 'command'), JSON.stringify(message), options);
    if (!answer) return OFFLINE;
    if ('error' in answer) throw new Error(`the gateway could not send the command: ${answer.error}`);
    return answer.outcome;
  }

  /**
   * A request whose answer may take long: the gateway's heartbeats keep it waiting, its outcome (or
   * error) ends it. null when no gateway holds the station (the server's no-responders status).
   */
  private command(
    subject: string,
    payload: string,
    options: CommandOptions,
  ): Promise<Exclude<CommandReply, { alive: true } | { accepted: string }> | null> {
    return new Promise((resolve, reject) => {
      const inbox = createInbox();
      let timer: NodeJS.Timeout | undefined;
      const end = (): void => {
        clearTimeout(timer);
        subscription.unsubscribe();
      };
      const wait = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          end();
          reject(new DomainError('gatewayNoAnswer'));
        }, commandSilenceMs(options));
      };
      const subscription = this.connection.subscribe(inbox, {
        callback: (err, msg) => {
          if (err) {
            end();
            reject(err);
            return;
          }
          if (msg.headers?.code === NO_RESPONDERS && msg.data.length === 0) {
            end();
            resolve(null);
            return;
          }
          const reply = msg.json<CommandReply>();
          if ('alive' in reply) {
            wait();
            return;
          }
          if ('accepted' in reply) {
            options.onAccepted?.(reply.accepted);
            wait();
            return;
          }
          end();
          resolve(reply);
        },
      });
      try {
        this.connection.publish(subject, payload, { reply: inbox });
      } catch (err) {
        end();
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      wait();
    });
  }

  /** The holding gateway's reply to a quick request; null when no gateway holds the station. */
  private async ask(subject: string, payload: string, timeout: number): Promise<Msg | null> {
    try {
      return await this.connection.request(subject, payload, { timeout });
    } catch (err) {
      if (err instanceof RequestError && err.isNoResponders()) return null;
      if (err instanceof TimeoutError) throw new DomainError('gatewayNoAnswer');
      throw err;
    }
  }
}
