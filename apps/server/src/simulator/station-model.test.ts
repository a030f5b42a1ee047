import { factorByCode } from '@envmon/hj212';
import { MINUTE_MS, HOUR_MS, DAY_MS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { BATTERY_FACTOR_CODE } from '../modules/alarm/alarm-rules.js';
import { LEVEL_FACTOR_CODE } from '../db/platform-factors.js';
import {
  applyFault,
  createStationModel,
  EPISODE,
  episodeIntensity,
  simulatedFactors,
  type FactorSample,
  type StationKind,
} from './station-model.js';

/** 2026-01-01 00:00 Beijing. */
const T0 = Date.UTC(2025, 11, 31, 16);

function valueOf(samples: readonly FactorSample[], code: string): number {
  const found = samples.find((s) => s.code === code);
  if (found === undefined) throw new Error(`no ${code}`);
  return found.value;
}

function decimalPlaces(n: number): number {
  const text = String(n);
  return text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
}

describe('station model factor sets', () => {
  it('water stations send the nine surface-water factors, air stations the eleven air factors', () => {
    expect(simulatedFactors('water').map((f) => f.code)).toEqual([
      'w01001',
      'w01009',
      'w01010',
      'w01014',
      'w01003',
      'w01018',
      'w21003',
      'w21011',
      'w21001',
    ]);
    expect(simulatedFactors('air').map((f) => f.code)).toEqual([
      'a34002',
      'a34004',
      'a21026',
      'a21004',
      'a21005',
      'a05024',
      'a01001',
      'a01002',
      'a01006',
      'a01007',
      'a01008',
    ]);
  });

  it('overflow stations send the liquid level and their battery voltage, the platform factors', () => {
    expect(simulatedFactors('overflow').map((f) => [f.code, f.unit, f.decimals])).toEqual([
      [LEVEL_FACTOR_CODE, 'm', 2],
      [BATTERY_FACTOR_CODE, 'V', 2],
    ]);
  });

  it('uses catalogued codes of the right kind, with the catalogue decimals where it gives them', () => {
    for (const kind of ['water', 'air'] as const) {
      for (const factor of simulatedFactors(kind)) {
        const definition = factorByCode(factor.code);
        expect(definition?.kind, factor.code).toBe(kind);
        if (definition?.decimals !== undefined) expect(factor.decimals, factor.code).toBe(definition.decimals);
      }
    }
  });
});

describe('createStationModel', () => {
  it('is deterministic for a seed and instant, and differs between seeds', () => {
    const a = createStationModel({ kind: 'water', seed: 7 });
    const b = createStationModel({ kind: 'water', seed: 7 });
    const c = createStationModel({ kind: 'water', seed: 8 });
    const t = T0 + 13 * HOUR_MS + 17 * MINUTE_MS + 5000;
    expect(a.sample(t)).toEqual(b.sample(t));
    expect(a.aggregate(t, t + HOUR_MS)).toEqual(b.aggregate(t, t + HOUR_MS));
    expect(a.sample(t)).not.toEqual(c.sample(t));
    expect(createStationModel({ kind: 'air', seed: 7 }).sample(t)).toEqual(
      createStationModel({ kind: 'air', seed: 7 }).sample(t),
    );
  });

  it.each<StationKind>(['water', 'air', 'overflow'])(
    '%s values stay in plausible ranges with the factor decimals over a year',
    (kind) => {
      const problems: string[] = [];
      const clamped = new Map<string, number>();
      const total = new Map<string, number>();
      for (const seed of [1, 2, 3]) {
        const model = createStationModel({ kind, seed });
        const byCode = new Map(model.factors.map((f) => [f.code, f]));
        for (let t = T0; t < T0 + 365 * DAY_MS; t += 97 * MINUTE_MS) {
          for (const s of model.sample(t)) {
            const factor = byCode.get(s.code);
            const ok =
              factor !== undefined &&
              Number.isFinite(s.value) &&
              s.value >= factor.min &&
              s.value <= factor.max &&
              decimalPlaces(s.value) <= factor.decimals;
            if (!ok) problems.push(`${s.code}=${s.value} at ${new Date(t).toISOString()} (seed ${seed})`);
            // The clamps are a safety net; a realistic signal rarely needs them.
            if (factor !== undefined && (s.value === factor.min || s.value === factor.max)) {
              clamped.set(s.code, (clamped.get(s.code) ?? 0) + 1);
            }
            total.set(s.code, (total.get(s.code) ?? 0) + 1);
          }
        }
      }
      expect(problems).toEqual([]);
      for (const [code, n] of clamped) expect(n / (total.get(code) ?? 1), code).toBeLessThan(0.02);
      // Only temperatures may go below zero.
      for (const factor of simulatedFactors(kind)) {
        if (factor.code !== 'a01001') expect(factor.min, factor.code).toBeGreaterThanOrEqual(0);
      }
    },
  );

  it('keeps pH near neutral, wind direction within 0–359 and PM10 above PM2.5', () => {
    const water = createStationModel({ kind: 'water', seed: 11 });
    const air = createStationModel({ kind: 'air', seed: 11 });
    for (let t = T0; t < T0 + 30 * DAY_MS; t += 31 * MINUTE_MS) {
      const ph = valueOf(water.sample(t), 'w01001');
      expect(ph).toBeGreaterThan(6.5);
      expect(ph).toBeLessThan(8.8);
      const a = air.sample(t);
      expect(valueOf(a, 'a01008')).toBeGreaterThanOrEqual(0);
      expect(valueOf(a, 'a01008')).toBeLessThan(360);
      expect(valueOf(a, 'a34002')).toBeGreaterThan(valueOf(a, 'a34004'));
    }
  });

  it('drifts smoothly between real-time samples rather than jumping', () => {
    const model = createStationModel({ kind: 'water', seed: 5 });
    let previous = valueOf(model.sample(T0), 'w01010');
    for (let t = T0 + 30_000; t < T0 + 2 * DAY_MS; t += 30_000) {
      const current = valueOf(model.sample(t), 'w01010');
      expect(Math.abs(current - previous)).toBeLessThan(0.5);
      previous = current;
    }
  });

  it('has diurnal cycles: dissolved oxygen and ozone higher in the afternoon than before dawn', () => {
    const water = createStationModel({ kind: 'water', seed: 3 });
    const air = createStationModel({ kind: 'air', seed: 3 });
    const mean = (kind: 'water' | 'air', code: string, hour: number): number => {
      const model = kind === 'water' ? water : air;
      let sum = 0;
      for (let d = 0; d < 28; d++) sum += valueOf(model.sample(T0 + 150 * DAY_MS + d * DAY_MS + hour * HOUR_MS), code);
      return sum / 28;
    };
    expect(mean('water', 'w01009', 15)).toBeGreaterThan(mean('water', 'w01009', 4) + 1);
    expect(mean('air', 'a05024', 15)).toBeGreaterThan(mean('air', 'a05024', 4) * 2);
    expect(mean('air', 'a01001', 15)).toBeGreaterThan(mean('air', 'a01001', 4) + 4);
  });

  it('raises turbidity during rain events', () => {
    const model = createStationModel({ kind: 'water', seed: 4 });
    const rainy: number[] = [];
    const dry: number[] = [];
    for (let t = T0; t < T0 + 120 * DAY_MS; t += 20 * MINUTE_MS) {
      const rain = model.rain(t);
      const turbidity = valueOf(model.sample(t), 'w01003');
      if (rain > 0.5) rainy.push(turbidity);
      else if (rain === 0) dry.push(turbidity);
    }
    expect(rainy.length).toBeGreaterThan(10);
    const avg = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(avg(rainy)).toBeGreaterThan(avg(dry) * 3);
    expect(createStationModel({ kind: 'air', seed: 4 }).rain(T0)).toBe(0);
  });

  it('aggregates with min ≤ avg ≤ max, and a circular mean for wind direction', () => {
    const air = createStationModel({ kind: 'air', seed: 9 });
    for (let start = T0; start < T0 + 5 * DAY_MS; start += 7 * HOUR_MS) {
      for (const a of air.aggregate(start, start + HOUR_MS)) {
        if (a.code === 'a01008') {
          expect(a.value).toBeGreaterThanOrEqual(0);
          expect(a.value).toBeLessThan(360);
          continue;
        }
        expect(a.min).toBeLessThanOrEqual(a.value);
        expect(a.value).toBeLessThanOrEqual(a.max);
      }
    }
  });
});

describe('episodes', () => {
  const offset = 20 * MINUTE_MS;

  it('ramp up over two minutes, hold, ramp down by the quarter hour and come back every hour', () => {
    const start = T0 + 5 * HOUR_MS + offset;
    expect(episodeIntensity(start - 1, offset)).toBe(0);
    expect(episodeIntensity(start, offset)).toBe(0);
    expect(episodeIntensity(start + MINUTE_MS, offset)).toBeCloseTo(0.5);
    expect(episodeIntensity(start + EPISODE.rampMs, offset)).toBe(1);
    expect(episodeIntensity(start + 7 * MINUTE_MS, offset)).toBe(1);
    expect(episodeIntensity(start + EPISODE.lengthMs - MINUTE_MS, offset)).toBeCloseTo(0.5);
    expect(episodeIntensity(start + EPISODE.lengthMs, offset)).toBe(0);
    expect(episodeIntensity(start + 40 * MINUTE_MS, offset)).toBe(0);
    expect(episodeIntensity(start + EPISODE.periodMs + 7 * MINUTE_MS, offset)).toBe(1);
    // Before 1970 too: the phase never goes negative.
    expect(episodeIntensity(-EPISODE.periodMs + offset + 7 * MINUTE_MS, offset)).toBe(1);
  });

  it('take the factors the demo thresholds watch over them at their height, and leave a dry hour below', () => {
    // At the height: COD > 30, NH3-N > 1 (water), PM2.5 > 75 (air), level > 1.8 m (overflow), whatever the station and day.
    const watched: Record<StationKind, readonly (readonly [string, number, number])[]> = {
      water: [
        ['w01018', 30, 25],
        ['w21003', 1, 0.9],
      ],
      air: [['a34004', 75, Infinity]],
      overflow: [[LEVEL_FACTOR_CODE, 1.8, 1.2]],
    };
    for (const kind of ['water', 'air', 'overflow'] as const) {
      for (const seed of [1, 2, 3, 4, 5, 6, 7]) {
        const model = createStationModel({ kind, seed, episodeOffsetMs: offset });
        for (let day = 0; day < 365; day += 9) {
          const start = T0 + day * DAY_MS + (day % 24) * HOUR_MS + offset;
          const height = model.sample(start + EPISODE.lengthMs / 2);
          const quiet = start + 30 * MINUTE_MS;
          for (const [code, limit, dryCeiling] of watched[kind]) {
            expect(valueOf(height, code), `${kind} ${seed} ${code} day ${day}`).toBeGreaterThan(limit);
            if (model.rain(quiet) === 0) {
              expect(valueOf(model.sample(quiet), code), `${kind} ${seed} ${code} day ${day}`).toBeLessThan(dryCeiling);
            }
          }
        }
      }
    }
  });

  it('start where the seed puts them unless a fleet says where', () => {
    const a = createStationModel({ kind: 'water', seed: 1 });
    const b = createStationModel({ kind: 'water', seed: 2 });
    const starts = [a, b].map((m) => {
      for (let t = T0; t < T0 + HOUR_MS; t += 1000) if (m.episode(t) > 0 && m.episode(t - 1000) === 0) return t;
      return null;
    });
    expect(starts[0]).not.toBeNull();
    expect(starts[0]).not.toBe(starts[1]);
    expect(
      createStationModel({ kind: 'air', seed: 1, episodeOffsetMs: offset }).episode(T0 + offset + 5 * MINUTE_MS),
    ).toBe(1);
  });
});

describe('applyFault', () => {
  const clean: FactorSample[] = [
    { code: 'w01001', value: 7.52 },
    { code: 'w01018', value: 12.3, min: 11.1, max: 13.4 },
    { code: 'a01008', value: 270 },
  ];

  it('leaves values alone without a fault or when offline, and never mutates its input', () => {
    const copy = structuredClone(clean);
    expect(applyFault(clean, null)).toEqual({ values: clean });
    expect(applyFault(clean, 'offline')).toEqual({ values: clean });
    applyFault(clean, 'spike');
    applyFault(clean, 'zeros');
    expect(clean).toEqual(copy);
  });

  it('zeros every value, min and max included', () => {
    expect(applyFault(clean, 'zeros').values).toEqual([
      { code: 'w01001', value: 0 },
      { code: 'w01018', value: 0, min: 0, max: 0 },
      { code: 'a01008', value: 0 },
    ]);
  });

  it('holds the frozen values for constant', () => {
    const frozen = [
      { code: 'w01001', value: 7.1 },
      { code: 'w01018', value: 20 },
    ];
    expect(applyFault(clean, 'constant', frozen).values).toEqual([
      { code: 'w01001', value: 7.1 },
      { code: 'w01018', value: 20, min: 20, max: 20 },
      { code: 'a01008', value: 270 },
    ]);
  });

  it('multiplies by five for a spike, rounded to the factor decimals, except wind direction', () => {
    expect(applyFault(clean, 'spike').values).toEqual([
      { code: 'w01001', value: 37.6 },
      { code: 'w01018', value: 61.5, min: 55.5, max: 67 },
      { code: 'a01008', value: 270 },
    ]);
  });

  it('sets the data flag for flag-D, flag-C and flag-M', () => {
    expect(applyFault(clean, 'flag-D')).toEqual({ values: clean, flag: 'D' });
    expect(applyFault(clean, 'flag-C').flag).toBe('C');
    expect(applyFault(clean, 'flag-M').flag).toBe('M');
  });
});
