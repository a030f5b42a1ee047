import { MINUTE_MS, type OutlierBounds, stationMonth } from '@envmon/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { MeasurementKind, MeasurementsTable } from '../db/schema.js';
import type { DomainEvents, EventBus } from '../events/bus.js';
import { applyRules, type DataRuleSource, NO_DATA_RULES } from './data-rules.js';
import type { IngestBatch, IngestRepository, LatestRow, MeasurementRow, RollupTarget } from './ingest.repository.js';
import { hourOf, isTileKind, type TileHour } from './tiles.js';
import { assessValue, EMPTY_SERIES, type QualityParams, type SeriesState } from './quality.js';
import { SeriesStates } from './series-states.js';

export type StationDataKind = Extract<MeasurementKind, 'rtd' | 'min' | 'hour' | 'day'>;

export interface DeviceRef {
  id: number;
  code: string;
  utcOffsetMinutes: number;
}

/** A value as the station sent it: a measurement row's values and the station's flag, before the quality check. */
export type IncomingValue = Pick<MeasurementsTable, 'factorCode' | 'value' | 'min' | 'max' | 'cou' | 'flag'>;

/** One received packet as the gateway hands it over: always kept as an original record, its data stored when accepted. */
export interface IngestPacket {
  receivedAt: number;
  remote: string;
  raw: string;
  mn: string | null;
  cn: string | null;
  qn: string | null;
  device: DeviceRef | null;
  accepted: boolean;
  reason: string | null;
  data: { kind: StationDataKind; dataTime: number; values: IncomingValue[] } | null;
  /** An equipment-state upload (2021/2041/2081): no values, its DataTime (null: none) kept on the original record. */
  state?: { dataTime: number | null };
}

export interface QualityParamsSource {
  /** The factor's parameters with the device's own settings applied. */
  params(deviceId: number, factorCode: string): QualityParams;
  /** The outlier interval of the device's factor in a month (1–12, station local time); null: none. */
  outlier(deviceId: number, factorCode: string, month: number): OutlierBounds | null;
}

export interface IngestOptions {
  /** Most packets written in one transaction. */
  maxBatch: number;
  /**
   * Packets queued at which the next batch is handed to a repository that takes several at once
   * (`IngestRepository.writesInFlight`) while the previous one is still being written.
   */
  overlapAt: number;
  /** Backlog at which the gateway is told to stop reading from stations… */
  highWater: number;
  /** …and the backlog at which it may read again. */
  lowWater: number;
}

export const DEFAULT_INGEST_OPTIONS: IngestOptions = {
  maxBatch: 2000,
  // 50, not 250: at 5,000 packets/s a next batch waited 50 ms to fill while the writer thread sat idle (bench:alarm
  // p99 under load 277–285 ms against 312–388 in alternating runs on a 2-core machine; bench:ingest held).
  overlapAt: 50,
  highWater: 20_000,
  lowWater: 5_000,
};

interface Pending {
  packet: IngestPacket;
  resolve: () => void;
  reject: (err: unknown) => void;
}

type DataAnnouncement = DomainEvents['data.received'];
type StateAnnouncement = DomainEvents['state.received'];
/** A batch's announcements, in the order of its packets. */
type Announcement =
  { name: 'data.received'; event: DataAnnouncement } | { name: 'state.received'; event: StateAnnouncement };

/** The month and year containing a day value, in the station's own calendar. */
function rollupTargets(deviceId: number, factorCode: string, dayStart: number, offsetMinutes: number): RollupTarget[] {
  const offset = offsetMinutes * MINUTE_MS;
  const local = new Date(dayStart + offset);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  return [
    { deviceId, factorCode, kind: 'month', from: Date.UTC(y, m, 1) - offset, to: Date.UTC(y, m + 1, 1) - offset },
    { deviceId, factorCode, kind: 'year', from: Date.UTC(y, 0, 1) - offset, to: Date.UTC(y + 1, 0, 1) - offset },
  ];
}

/**
 * Packets in, batched transactions out. `submit` resolves once the packet's batch is committed —
 * the gateway acknowledges (9014) only then. Batches form naturally: while one is written, the
 * next accumulates. Quality flags are computed here, per device × kind × factor series, in
 * arrival order; `data.received` is published after the commit.
 */
export class IngestPipeline {
  private queue: Pending[] = [];
  /** Batches handed to the repository and not yet settled. */
  private writing = 0;
  /** Resolves once the batch taken last has been answered and announced. */
  private settled: Promise<void> = Promise.resolve();
  private pumpScheduled = false;
  private closed = false;
  /** Series state per device, data kind and factor. */
  private readonly series = new SeriesStates();
  /** The series read for the value being judged (one at a time: no object per value). */
  private readonly seriesSoFar: SeriesState = { last: null, sameCount: 0 };
  private readonly drainListeners = new Set<() => void>();
  private readonly idleListeners = new Set<() => void>();

  constructor(
    private readonly repository: IngestRepository,
    private readonly quality: QualityParamsSource,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly options: IngestOptions = DEFAULT_INGEST_OPTIONS,
    /** Data rules (Settings › regular), applied to the station's values before the quality check. */
    private readonly rules: DataRuleSource = NO_DATA_RULES,
  ) {}

  /** Packets waiting to be written. */
  get backlog(): number {
    return this.queue.length;
  }

  /** True when stations should be read no faster until `onDrain` fires. */
  get saturated(): boolean {
    return this.queue.length >= this.options.highWater;
  }

  /** Called once, the next time the backlog falls to the low-water mark. */
  onDrain(listener: () => void): void {
    this.drainListeners.add(listener);
  }

  submit(packet: IngestPacket): Promise<void> {
    if (this.closed) return Promise.reject(new Error('ingest pipeline closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ packet, resolve, reject });
      // Packets that arrive in the same turn of the event loop go into one batch.
      if (!this.pumpScheduled) {
        this.pumpScheduled = true;
        setImmediate(() => {
          this.pumpScheduled = false;
          this.pump();
        });
      }
    });
  }

  /** Writes what is queued, then refuses new packets. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.queue.length === 0 && this.writing === 0) return;
    await new Promise<void>((resolve) => this.idleListeners.add(resolve));
  }

  /**
   * Starts the batches the repository can take now: the first whenever packets wait; while one
   * is written, the next once `overlapAt` packets have gathered, if the repository takes more.
   */
  private pump(): void {
    while (this.queue.length > 0 && this.mayStartWrite()) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.writing += 1;
      void this.flush(batch).finally(() => {
        this.writing -= 1;
        this.written();
      });
    }
  }

  private mayStartWrite(): boolean {
    if (this.writing === 0) return true;
    return this.writing < this.repository.writesInFlight && this.queue.length >= this.options.overlapAt;
  }

  private written(): void {
    if (this.queue.length <= this.options.lowWater && this.drainListeners.size > 0) {
      const listeners = [...this.drainListeners];
      this.drainListeners.clear();
      for (const listener of listeners) listener();
    }
    this.pump();
    if (this.queue.length === 0 && this.writing === 0) {
      const listeners = [...this.idleListeners];
      this.idleListeners.clear();
      for (const listener of listeners) listener();
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    const { rows, announcements } = this.toRows(batch.map((p) => p.packet));
    // Batches written side by side may commit in either order; they are answered and announced in the order taken.
    const previous = this.settled;
    let settled = (): void => undefined;
    this.settled = new Promise<void>((resolve) => (settled = resolve));
    try {
      await this.repository.writeBatch(rows);
    } catch (err) {
      await previous;
      settled();
      // Nothing of the batch is stored and nothing is acknowledged: the stations will resend.
      this.log.error({ err, packets: batch.length }, 'ingest batch failed; nothing of it was stored');
      for (const p of batch) p.reject(err);
      return;
    }
    await previous;
    settled();
    for (const p of batch) p.resolve();
    // In the packets' order: forwarding queues a station's data and state uploads as they came (issue 20), and
    // an upstream gets them in that order.
    for (const a of announcements) {
      if (a.name === 'data.received') this.bus.publish('data.received', a.event);
      else this.bus.publish('state.received', a.event);
    }
  }

  private toRows(packets: IngestPacket[]): {
    rows: IngestBatch;
    announcements: Announcement[];
  } {
    const originals: IngestBatch['originals'] = [];
    const measurements: MeasurementRow[] = [];
    // Per device, per factor: the newest value of the batch.
    const latest = new Map<number, Map<string, LatestRow>>();
    const rollups = new Map<string, RollupTarget>();
    const tileHours = new Map<string, TileHour>();
    const announcements: Announcement[] = [];

    for (const packet of packets) {
      originals.push({
        receivedAt: packet.receivedAt,
        remote: packet.remote,
        deviceId: packet.device?.id ?? null,
        mn: packet.mn,
        cn: packet.cn,
        qn: packet.qn,
        dataTime: packet.data?.dataTime ?? packet.state?.dataTime ?? null,
        raw: packet.raw,
        accepted: packet.accepted ? 1 : 0,
        reason: packet.reason,
      });
      const { device, data } = packet;
      if (packet.accepted && device && packet.state && packet.cn) {
        announcements.push({
          name: 'state.received',
          event: {
            deviceId: device.id,
            deviceCode: device.code,
            cn: packet.cn,
            // Its key where it is queued: a state upload without a DataTime (a 2081 may have none) by its arrival.
            dataTime: packet.state.dataTime ?? packet.receivedAt,
          },
        });
      }
      if (!packet.accepted || !device || !data) continue;

      let deviceLatest = latest.get(device.id);
      if (!deviceLatest) {
        deviceLatest = new Map();
        latest.set(device.id, deviceLatest);
      }
      const rows: MeasurementRow[] = [];
      if (isTileKind(data.kind) && data.values.length > 0) {
        const hour = hourOf(data.dataTime);
        tileHours.set(`${device.id}|${data.kind}|${hour}`, { deviceId: device.id, kind: data.kind, hour });
      }
      const month = stationMonth(data.dataTime, device.utcOffsetMinutes);
      for (const station of data.values) {
        const row = this.ruledRow(device.id, data.kind, data.dataTime, station, packet.receivedAt);
        row.quality = this.assess(device.id, data.kind, row.factorCode, data.dataTime, month, row.value);
        rows.push(row);
        measurements.push(row);
        // The row is the latest value as well: it has every column of one.
        const current = deviceLatest.get(row.factorCode);
        if (!current || current.dataTime <= data.dataTime) deviceLatest.set(row.factorCode, row);
        if (data.kind === 'day') {
          for (const t of rollupTargets(device.id, row.factorCode, data.dataTime, device.utcOffsetMinutes)) {
            rollups.set(`${t.deviceId}|${t.factorCode}|${t.kind}|${t.from}`, t);
          }
        }
      }
      announcements.push({
        name: 'data.received',
        event: { deviceId: device.id, deviceCode: device.code, kind: data.kind, dataTime: data.dataTime, values: rows },
      });
    }
    return {
      rows: {
        originals,
        measurements,
        latest: [...latest.values()].flatMap((byFactor) => [...byFactor.values()]),
        rollups: [...rollups.values()],
        // In key order, so that writers on several connections mark them in one order.
        tileHours: [...tileHours.values()].sort(
          (a, b) => a.deviceId - b.deviceId || a.kind.localeCompare(b.kind) || a.hour - b.hour,
        ),
      },
      announcements,
    };
  }

  /**
   * A station's value as its measurement row, through its device × factor's data rules (value, lowest and highest;
   * the flow is a sum and is kept), with the station's own value beside it when a rule changed it; the quality is
   * judged after. One object a value, built whole (the hot path: no spread copies).
   */
  private ruledRow(
    deviceId: number,
    kind: StationDataKind,
    dataTime: number,
    v: IncomingValue,
    receivedAt: number,
  ): MeasurementRow {
    const set = this.rules.rules(deviceId, v.factorCode);
    const value = set ? applyRules(v.value, set) : v.value;
    return {
      deviceId,
      kind,
      dataTime,
      factorCode: v.factorCode,
      value,
      stationValue: set && value !== v.value ? v.value : null,
      min: set ? applyRules(v.min, set) : v.min,
      max: set ? applyRules(v.max, set) : v.max,
      cou: v.cou,
      flag: v.flag,
      quality: '',
      receivedAt,
    };
  }

  /**
   * The platform flag of one value. Series rules (constant, rise, drop) compare with the previous
   * value of the same series only for values newer than it; a backfilled older value is judged on
   * its own (range, zero, outlier). The outlier interval is the one of the value's month in the station's calendar.
   */
  private assess(
    deviceId: number,
    kind: StationDataKind,
    factorCode: string,
    time: number,
    month: number,
    value: number | null,
  ): string {
    if (value === null) return 'N';
    const params = this.quality.params(deviceId, factorCode);
    const outlier = this.quality.outlier(deviceId, factorCode, month);
    const slot = this.series.slotOf(deviceId, kind, factorCode);
    if (slot < 0 || time <= this.series.newestTime(slot)) return assessValue(value, params, EMPTY_SERIES, outlier).flag;
    const { flag, state } = assessValue(value, params, this.series.read(slot, this.seriesSoFar), outlier);
    this.series.write(slot, state, time);
    return flag;
  }
}
