// The alarm benchmark's probes (bench/alarm.ts): probe stations whose COD breaks its threshold and then
// recovers, one cycle at a time, each phase timed at every console; and the consoles, WebSocket push
// connections that receive the alarm frames.
import type { Alarm } from '@envmon/shared';
import WebSocket from 'ws';
import { type LoadStation, openMany } from './bench-parent-side.js';
import { monotonicMs, readings } from './ingest-common.js';

export const PROBE_FACTOR = 'w01018';
export const PROBE_LIMIT = 100;
export const PROBE_VALUE = 150;
/** A probe phase whose frames have not reached every console by then is given up (and reported). */
const PHASE_TIMEOUT_MS = 5_000;

/** The ten usual readings with COD above the probe threshold. */
const exceeding = (seq: number) =>
  readings(seq).map((r) =>
    r.code === PROBE_FACTOR
      ? {
          code: r.code,
          avg: PROBE_VALUE.toFixed(1),
          min: (PROBE_VALUE * 0.98).toFixed(1),
          max: (PROBE_VALUE * 1.02).toFixed(1),
        }
      : r,
  );

interface Cycle {
  station: LoadStation;
  state: 'idle' | 'raising' | 'clearing';
  /** Just before the phase's packet was written; monotonicMs, the clock the server child's trace uses too. */
  sentAt: number;
  /** Whether the raise was sent inside the measured window. */
  measured: boolean;
  /** Consoles that have the phase's frame. */
  seen: Uint8Array;
  got: number;
  first: number;
  timer: NodeJS.Timeout | null;
}

/** First and last console's latency, ms, of each measured phase. */
export class Samples {
  readonly first: number[] = [];
  readonly last: number[] = [];
  /** Each phase's station, when its packet was written and when the first console had the frame; monotonicMs. */
  readonly phases: { mn: string; sentAt: number; firstAt: number }[] = [];
  /** Phases given up because some console never got the frame. */
  timeouts = 0;
  missingFrames = 0;

  add(mn: string, sentAt: number, firstAt: number, lastAt: number): void {
    this.first.push(firstAt - sentAt);
    this.last.push(lastAt - sentAt);
    this.phases.push({ mn, sentAt, firstAt });
  }
}

/** One alarm raised and cleared per cycle, timed at every console. */
export class Probes {
  private readonly cycles = new Map<string, Cycle>();
  private readonly order: Cycle[];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private onIdle: (() => void) | null = null;
  raise = new Samples();
  clear = new Samples();
  started = 0;
  /** Probe slots skipped because every probe station was still busy. */
  skipped = 0;
  measuring = false;
  /** Alarm frames about anything but a probe's threshold alarm (background stations must raise none). */
  readonly unexpected: string[] = [];
  unexpectedCount = 0;

  constructor(
    stations: readonly LoadStation[],
    private readonly consoles: number,
    private readonly intervalMs: number,
  ) {
    this.order = stations.map((station) => ({
      station,
      state: 'idle',
      sentAt: 0,
      measured: false,
      seen: new Uint8Array(consoles),
      got: 0,
      first: 0,
      timer: null,
    }));
    for (const c of this.order) this.cycles.set(c.station.mn, c);
  }

  start(): void {
    this.timer = setInterval(() => this.probe(), this.intervalMs);
  }

  /** The samples so far, replaced by fresh ones for the next phase of the run. */
  takeSamples(): { raise: Samples; clear: Samples } {
    const taken = { raise: this.raise, clear: this.clear };
    this.raise = new Samples();
    this.clear = new Samples();
    return taken;
  }

  /** Stops starting probes; resolves when the running ones are done. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.order.every((c) => c.state === 'idle')) return;
    await new Promise<void>((resolve) => (this.onIdle = resolve));
  }

  /** An alarm frame reached console `index` at `at`. */
  frame(index: number, alarms: readonly Alarm[], at: number): void {
    for (const alarm of alarms) {
      const c = this.cycles.get(alarm.deviceCode);
      if (!c || alarm.factorCode !== PROBE_FACTOR) {
        this.unexpectedCount += 1;
        if (this.unexpected.length < 3) {
          this.unexpected.push(
            `${alarm.deviceCode} type ${alarm.alarmType} ${alarm.factorCode ?? '-'} active ${alarm.active}`,
          );
        }
        continue;
      }
      const expected = c.state === 'raising' ? true : c.state === 'clearing' ? false : null;
      if (alarm.active !== expected || c.seen[index]) continue;
      c.seen[index] = 1;
      if (c.got === 0) c.first = at;
      c.got += 1;
      if (c.got === this.consoles) this.phaseDone(c, at);
    }
  }

  private probe(): void {
    for (let tried = 0; tried < this.order.length; tried += 1) {
      const c = this.order[this.next];
      this.next = (this.next + 1) % this.order.length;
      if (c?.state !== 'idle') continue;
      c.measured = this.measuring;
      if (c.measured) this.started += 1;
      this.send(c, 'raising');
      return;
    }
    if (this.measuring) this.skipped += 1;
  }

  private send(c: Cycle, state: 'raising' | 'clearing'): void {
    c.state = state;
    c.seen.fill(0);
    c.got = 0;
    c.sentAt = c.station.send(1, state === 'raising' ? exceeding : undefined);
    c.timer = setTimeout(() => this.phaseDone(c, null), PHASE_TIMEOUT_MS);
  }

  /** Every console has the phase's frame (at `last`), or the phase timed out (null). */
  private phaseDone(c: Cycle, last: number | null): void {
    if (c.timer) clearTimeout(c.timer);
    c.timer = null;
    const samples = c.state === 'raising' ? this.raise : this.clear;
    if (c.measured) {
      if (last === null) {
        samples.timeouts += 1;
        samples.missingFrames += this.consoles - c.got;
      } else {
        samples.add(c.station.mn, c.sentAt, c.first, last);
      }
    }
    if (c.state === 'raising') return this.send(c, 'clearing');
    c.state = 'idle';
    if (this.onIdle && this.order.every((o) => o.state === 'idle')) this.onIdle();
  }
}

/** WebSocket push connections with the admin's session. */
export interface Consoles {
  sockets: WebSocket[];
  frames: number;
  closed: string[];
}

export async function openConsoles(url: string, probes: Probes, count: number): Promise<Consoles> {
  const consoles: Consoles = { sockets: [], frames: 0, closed: [] };
  // Every console gets the same alarm frame: it is parsed once, not 200 times in a row on this event loop before
  // the last console's arrival can be stamped.
  let lastText = '';
  let lastFrame: unknown = null;
  consoles.sockets = await openMany(
    count,
    (index) =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(url, { perMessageDeflate: false });
        socket.on('message', (data: Buffer, isBinary: boolean) => {
          const at = monotonicMs();
          consoles.frames += 1;
          if (isBinary) return;
          const text = data.toString('utf8');
          if (text !== lastText) {
            lastFrame = JSON.parse(text);
            lastText = text;
          }
          const frame = lastFrame;
          // Realtime frames are objects; consoles follow no devices, so only alarm arrays arrive.
          if (Array.isArray(frame)) probes.frame(index, frame as Alarm[], at);
        });
        socket.once('open', () => resolve(socket));
        socket.once('error', reject);
        socket.once('close', (code: number, reason: Buffer) => consoles.closed.push(`${code} ${reason.toString()}`));
      }),
  );
  return consoles;
}
