import { type CommandReason, type CommandState, commandSpec, MINUTE_MS } from '@envmon/shared';
import type { Leadership } from '../../cluster/leadership.js';
import { type CommandOptions, type CommandOutcome, DEFAULT_COMMAND_OPTIONS } from '../../gateway/command-channel.js';
import type { StationCommands } from '../../gateway/station-commands.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { commandCp } from './command-packets.js';
import type { CommandEnd, CommandRepository, DueCommand } from './command.repository.js';

interface Logger {
  warn(obj: object, msg: string): void;
}

/** How often the queue looks for commands whose time, or whose station, has come. */
export const QUEUE_POLL_MS = 1000;

export interface CommandQueueDeps {
  repo: CommandRepository;
  gateway: () => StationCommands | null;
  clock: Clock;
  leadership: Leadership;
  log: Logger;
  /** The waits of every command (tests shorten them); otherwise each station's 1000 settings, or HJ 212's default. */
  fixedOptions?: CommandOptions | undefined;
  /** A station's own time-out and resends (CN 1000), when known. */
  stationOptions?: (deviceId: number) => Promise<CommandOptions | null>;
  /** Hears every command that ended after being sent (device parameters record what it set or read). */
  onEnd?: (command: DueCommand, end: CommandEnd) => Promise<void>;
  pollMs?: number;
}

const stateOf = (outcome: CommandOutcome): CommandState => {
  if (outcome.ok) return 'executed';
  switch (outcome.reason) {
    case 'rejected':
      return 'refused';
    case 'failed':
      return 'failed';
    case 'timeout':
    case 'offline':
      return 'timeout';
  }
};

/**
 * Sends the queued commands: to each station one at a time, oldest first, once its time has come and the
 * station is connected; a command whose station is not connected by its expiry time expires. Only the
 * cluster's leader sends (one queue, so one order per station); every process may queue.
 */
export class CommandQueue {
  /** The device whose command is out, and that command's end. */
  private readonly active = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: CommandQueueDeps) {}

  /** Marks the commands this node's predecessor left sent, then looks every pollMs. */
  async start(): Promise<void> {
    await this.deps.repo.interruptSent(this.deps.clock.now());
    this.timer = setInterval(() => this.kick(), this.deps.pollMs ?? QUEUE_POLL_MS);
    this.timer.unref();
  }

  /** Looks now (a command was queued, a station connected). */
  kick(): void {
    if (this.stopped || !this.deps.leadership.isLeader()) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = null;
    });
  }

  /** Stops looking and waits for the commands out (shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.pumping;
    while (this.active.size > 0) await Promise.all([...this.active.values()]);
  }

  private async pump(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.pass();
      } catch (err) {
        this.deps.log.warn({ err }, 'command queue: a pass failed; the next one retries');
      }
    } while (this.again && !this.stopped);
  }

  private async pass(): Promise<void> {
    const now = this.deps.clock.now();
    const gateway = this.deps.gateway();
    const next = (await this.deps.repo.due(now)).filter((command) => !this.active.has(command.deviceId));
    for (const command of next) {
      if (!gateway) {
        await this.deps.repo.endQueued(command.id, 'expired', 'gatewayNotRunning', now);
      } else if (await this.connected(gateway, command.deviceCode)) {
        this.send(gateway, command);
      } else if (command.expireTime <= now) {
        await this.deps.repo.endQueued(command.id, 'expired', 'deviceNotConnected', now);
      }
    }
  }

  private async connected(gateway: StationCommands, deviceCode: string): Promise<boolean> {
    try {
      return await gateway.isConnected(deviceCode);
    } catch (err) {
      this.deps.log.warn({ err, mn: deviceCode }, 'command queue: could not learn whether the station is connected');
      return false;
    }
  }

  private send(gateway: StationCommands, command: DueCommand): void {
    const out = this.run(gateway, command)
      .catch((err: unknown) => this.deps.log.warn({ err, commandId: command.id }, 'command queue: a command failed'))
      .finally(() => {
        this.active.delete(command.deviceId);
        // The station's next command, at once.
        this.kick();
      });
    this.active.set(command.deviceId, out);
  }

  private async run(gateway: StationCommands, command: DueCommand): Promise<void> {
    const { repo, clock } = this.deps;
    if (!(await repo.markSent(command.id, clock.now()))) return;
    const spec = commandSpec(command.cn);
    const parameters = JSON.parse(command.cp) as Record<string, string>;
    const cp = spec ? commandCp(spec, parameters, command.utcOffsetMinutes, clock.now()) : parameters;
    const options = await this.optionsFor(command.deviceId);
    const outcome = await this.request(gateway, command.deviceCode, command.cn, cp, {
      ...options,
      ...(spec?.runsMinutes === undefined ? {} : { acceptedWaitMs: spec.runsMinutes * MINUTE_MS }),
      record: { uploads: spec?.uploads ?? [] },
      onAccepted: (qn) => {
        repo.markAccepted(command.id, qn).catch((err: unknown) => {
          this.deps.log.warn({ err, commandId: command.id }, 'command queue: could not record the acceptance');
        });
      },
    }).catch((err: unknown): CommandOutcome => {
      // Not sent (a packet the codec refuses, a gateway that failed): the record says so rather than 'sent' forever.
      this.deps.log.warn({ err, commandId: command.id }, 'command queue: the command could not be sent');
      return { ok: false, qn: null, reason: 'failed', qnRtn: null, exeRtn: null, attempts: 0 };
    });
    const end: CommandEnd = {
      state: stateOf(outcome),
      reason: this.reasonOf(outcome),
      qn: outcome.qn,
      qnRtn: outcome.qnRtn,
      exeRtn: outcome.exeRtn,
      attempts: outcome.attempts,
      finishTime: clock.now(),
      packets: outcome.packets ?? [],
      droppedPackets: outcome.droppedPackets ?? 0,
    };
    await repo.finish(command.id, end);
    await this.deps.onEnd?.(command, end);
  }

  private reasonOf(outcome: CommandOutcome): CommandReason | null {
    if (outcome.ok) return null;
    if (outcome.reason === 'offline') return 'deviceNotConnected';
    return outcome.reason === 'timeout' && outcome.attempts === 0 ? 'gatewayNoAnswer' : null;
  }

  private async optionsFor(deviceId: number): Promise<CommandOptions> {
    if (this.deps.fixedOptions) return this.deps.fixedOptions;
    return (await this.deps.stationOptions?.(deviceId)) ?? DEFAULT_COMMAND_OPTIONS;
  }

  /** A gateway that holds the station but does not answer (a cluster) ends the command as a time-out. */
  private async request(
    gateway: StationCommands,
    deviceCode: string,
    cn: string,
    cp: Record<string, string>,
    options: CommandOptions,
  ): Promise<CommandOutcome> {
    try {
      return await gateway.sendCommand(deviceCode, { cn, cp }, options);
    } catch (err) {
      if (!(err instanceof DomainError && err.reason === 'gatewayNoAnswer')) throw err;
      return { ok: false, qn: null, reason: 'timeout', qnRtn: null, exeRtn: null, attempts: 0 };
    }
  }
}
