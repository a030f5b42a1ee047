import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../events/bus.js';
import type { DataRule, DataRuleSource } from './data-rules.js';
import { DEFAULT_INGEST_OPTIONS, type IngestPacket, IngestPipeline } from './ingest-pipeline.js';
import type { IngestBatch, IngestRepository } from './ingest.repository.js';
import { defaultQualityParams } from './quality-defaults.js';

class FakeRepository implements IngestRepository {
  readonly writesInFlight = 1;
  readonly batches: IngestBatch[] = [];

  writeBatch(batch: IngestBatch): Promise<void> {
    this.batches.push(batch);
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

const DEVICE = { id: 1, code: 'RULE01', utcOffsetMinutes: 480 };
const T0 = Date.UTC(2026, 4, 1, 2);

const linear = (k: number, b: number): DataRule => ({
  symbol: 'linear',
  k,
  b,
  fromUnit: null,
  toUnit: null,
  mode: null,
  limit: null,
  fixedValue: null,
  decimals: null,
});

function upload(values: Record<string, number | null>): IngestPacket {
  return {
    receivedAt: T0 + 5,
    remote: '127.0.0.1:1',
    raw: '##…',
    mn: DEVICE.code,
    cn: '2051',
    qn: null,
    device: DEVICE,
    accepted: true,
    reason: null,
    data: {
      kind: 'min',
      dataTime: T0,
      values: Object.entries(values).map(([factorCode, value]) => ({
        factorCode,
        value,
        min: null,
        max: null,
        cou: null,
        flag: 'N',
      })),
    },
  };
}

describe('IngestPipeline with data rules', () => {
  it('judges quality on the ruled value and keeps the station’s beside it; factors without rules pass as sent', async () => {
    const repository = new FakeRepository();
    // COD's range ends at 20: the station's 12 is within it, the ruled 2 × 12 − 1 = 23 is not.
    const quality = {
      params: (_deviceId: number, code: string) => ({ ...defaultQualityParams(code), rangeMax: 20 }),
      outlier: () => null,
    };
    const rules: DataRuleSource = {
      rules: (deviceId, code) =>
        deviceId === DEVICE.id && code === 'w01018' ? { rules: [linear(2, -1)], factorDecimals: null } : null,
    };
    const bus = new InProcessEventBus(() => undefined);
    const announced: number[] = [];
    bus.subscribe('data.received', (e) => announced.push(...e.values.map((v) => v.value ?? Number.NaN)));
    const pipeline = new IngestPipeline(
      repository,
      quality,
      bus,
      pino({ level: 'silent' }),
      DEFAULT_INGEST_OPTIONS,
      rules,
    );
    await pipeline.submit(upload({ w01018: 12, w21003: 12 }));
    const [batch] = repository.batches;
    expect(
      batch?.measurements.map(({ factorCode, value, stationValue, quality: q }) => [
        factorCode,
        value,
        stationValue,
        q,
      ]),
    ).toEqual([
      ['w01018', 23, 12, 'SH1'],
      ['w21003', 12, null, 'N'],
    ]);
    expect(batch?.latest.map((l) => [l.factorCode, l.value])).toEqual([
      ['w01018', 23],
      ['w21003', 12],
    ]);
    // Live push and alarms get the stored value.
    expect(announced).toEqual([23, 12]);
  });
});
