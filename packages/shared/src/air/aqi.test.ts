import { describe, expect, it } from 'vitest';
import { AQI_FACTORS, aqiPollutantOfFactor, toAqiUnit } from './aqi-factors.js';
import { AQI_ITEMS, type AqiItem, aqiCategory, computeIaqi, dailyAqi, hourlyAqi } from './aqi.js';

/** HJ 633-2012 Table 1, typed in again from the standard so a slip in the module's table shows. */
const TABLE_1: Record<AqiItem, number[]> = {
  so2_24h: [0, 50, 150, 475, 800, 1600, 2100, 2620],
  so2_1h: [0, 150, 500, 650, 800],
  no2_24h: [0, 40, 80, 180, 280, 565, 750, 940],
  no2_1h: [0, 100, 200, 700, 1200, 2340, 3090, 3840],
  pm10_24h: [0, 50, 150, 250, 350, 420, 500, 600],
  co_24h: [0, 2, 4, 14, 24, 36, 48, 60],
  co_1h: [0, 5, 10, 35, 60, 90, 120, 150],
  o3_1h: [0, 160, 200, 300, 400, 800, 1000, 1200],
  o3_8h: [0, 100, 160, 215, 265, 800],
  pm25_24h: [0, 35, 75, 115, 150, 250, 350, 500],
};
const IAQI = [0, 50, 100, 150, 200, 300, 400, 500];

describe('computeIaqi', () => {
  it('holds the breakpoints of HJ 633 Table 1', () => {
    for (const [item, limits] of Object.entries(TABLE_1)) {
      expect(AQI_ITEMS[item as AqiItem].breakpoints, item).toEqual(limits);
    }
    expect(AQI_ITEMS.co_1h.unit).toBe('mg/m³');
    expect(AQI_ITEMS.co_24h.unit).toBe('mg/m³');
    expect(AQI_ITEMS.pm25_24h.unit).toBe('µg/m³');
  });

  it('gives each breakpoint its IAQI exactly', () => {
    for (const [item, limits] of Object.entries(TABLE_1)) {
      limits.forEach((limit, i) => expect(computeIaqi(item as AqiItem, limit), `${item} ${limit}`).toBe(IAQI[i]));
    }
  });

  it('interpolates inside a segment by formula (1) and rounds up', () => {
    // PM2.5 40: 50 + (100 − 50)/(75 − 35) × (40 − 35) = 56.25 → 57
    expect(computeIaqi('pm25_24h', 40)).toBe(57);
    // SO2 24-h 300: 100 + 50/325 × 150 = 123.08 → 124
    expect(computeIaqi('so2_24h', 300)).toBe(124);
    // O3 8-h 500: 200 + 100/535 × 235 = 243.93 → 244
    expect(computeIaqi('o3_8h', 500)).toBe(244);
    // O3 1-h 900: 300 + 100/200 × 100 = 350
    expect(computeIaqi('o3_1h', 900)).toBe(350);
    // NO2 1-h 450: 100 + 50/500 × 250 = 125; 451 → 125.1 → 126
    expect(computeIaqi('no2_1h', 450)).toBe(125);
    expect(computeIaqi('no2_1h', 451)).toBe(126);
    // NO2 24-h 81: 100 + 50/100 × 1 = 100.5 → 101 (rounding up, not to nearest)
    expect(computeIaqi('no2_24h', 81)).toBe(101);
    // PM10 0.1: 0.1 → 1
    expect(computeIaqi('pm10_24h', 0.1)).toBe(1);
  });

  it('does not round an exact integer up because of float noise', () => {
    // CO 24-h 2.2: 50 + 50/2 × 0.2 = 55 (2.2 − 2 is 0.2000…02 in floating point)
    expect(computeIaqi('co_24h', 2.2)).toBe(55);
    // CO 1-h 7.3: 50 + 50/5 × 2.3 = 73
    expect(computeIaqi('co_1h', 7.3)).toBe(73);
    // PM10 385: 200 + 100/70 × 35 = 250
    expect(computeIaqi('pm10_24h', 385)).toBe(250);
  });

  it('gives 500 above the last limit of a full row', () => {
    expect(computeIaqi('pm25_24h', 501)).toBe(500);
    expect(computeIaqi('co_1h', 999)).toBe(500);
  });

  it('gives no IAQI to 1-h SO2 or 8-h O3 above 800 µg/m³ (notes 2 and 3)', () => {
    expect(computeIaqi('so2_1h', 800)).toBe(200);
    expect(computeIaqi('so2_1h', 800.1)).toBeNull();
    expect(computeIaqi('o3_8h', 800)).toBe(300);
    expect(computeIaqi('o3_8h', 801)).toBeNull();
  });

  it('refuses values that are not concentrations', () => {
    expect(computeIaqi('pm25_24h', -1)).toBeNull();
    expect(computeIaqi('pm25_24h', Number.NaN)).toBeNull();
    expect(computeIaqi('pm25_24h', Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('aqiCategory', () => {
  it.each([
    [0, 1, '优', 'Excellent', '#00E400'],
    [50, 1, '优', 'Excellent', '#00E400'],
    [51, 2, '良', 'Good', '#FFFF00'],
    [100, 2, '良', 'Good', '#FFFF00'],
    [101, 3, '轻度污染', 'Lightly polluted', '#FF7E00'],
    [150, 3, '轻度污染', 'Lightly polluted', '#FF7E00'],
    [151, 4, '中度污染', 'Moderately polluted', '#FF0000'],
    [200, 4, '中度污染', 'Moderately polluted', '#FF0000'],
    [201, 5, '重度污染', 'Heavily polluted', '#99004C'],
    [300, 5, '重度污染', 'Heavily polluted', '#99004C'],
    [301, 6, '严重污染', 'Severely polluted', '#7E0023'],
    [500, 6, '严重污染', 'Severely polluted', '#7E0023'],
  ])('AQI %i is level %i (%s)', (aqi, level, zh, en, hex) => {
    const category = aqiCategory(aqi);
    expect(category).toMatchObject({ level, zh, en, hex });
  });

  it('rounds a fractional AQI up before choosing', () => {
    expect(aqiCategory(50.2).level).toBe(2);
    expect(aqiCategory(100.0000000001).level).toBe(2);
  });

  it('gives the RGB of Appendix A', () => {
    expect(aqiCategory(0).rgb).toEqual([0, 228, 0]);
    expect(aqiCategory(250).rgb).toEqual([153, 0, 76]);
    expect(aqiCategory(400).rgb).toEqual([126, 0, 35]);
  });
});

describe('hourlyAqi', () => {
  it('uses 1-h gases and 24-h moving particulates', () => {
    const result = hourlyAqi({ so2: 150, no2: 200, co: 10, o3: 160, pm10: 150, pm25: 115 });
    expect(result?.iaqi).toEqual({ so2_1h: 50, no2_1h: 100, co_1h: 100, o3_1h: 50, pm10_24h: 100, pm25_24h: 150 });
    expect(result?.aqi).toBe(150);
    expect(result?.primaryPollutants).toEqual(['pm25']);
    expect(result?.category.level).toBe(3);
  });

  it('names every pollutant tied at the top as primary', () => {
    const result = hourlyAqi({ no2: 200, co: 10, pm10: 150, pm25: 40 });
    expect(result?.aqi).toBe(100);
    expect(result?.primaryPollutants).toEqual(['no2', 'pm10', 'co']);
  });

  it('names no primary pollutant when AQI is 50 or less', () => {
    const result = hourlyAqi({ pm25: 35, pm10: 50, so2: 10 });
    expect(result?.aqi).toBe(50);
    expect(result?.primaryPollutants).toEqual([]);
  });

  it('takes SO2 from its 24-h value when the 1-h value is above 800 (note 2)', () => {
    const result = hourlyAqi({ so2: 900, so2Avg24h: 200, pm25: 10 });
    // 100 + 50/325 × 50 = 107.69 → 108
    expect(result?.iaqi).toEqual({ so2_24h: 108, pm25_24h: 15 });
    expect(result?.primaryPollutants).toEqual(['so2']);
    // The 24-h value is not used while the 1-h value is on the table (note 1).
    expect(hourlyAqi({ so2: 700, so2Avg24h: 2000 })?.iaqi).toEqual({ so2_1h: 167 });
    // Without a 24-h value SO2 cannot be indexed.
    expect(hourlyAqi({ so2: 900, pm25: 10 })?.iaqi).toEqual({ pm25_24h: 15 });
  });

  it('counts the O3 8-h moving average when given, up to 800 (note 3)', () => {
    expect(hourlyAqi({ o3: 150, o3Avg8h: 170 })?.iaqi).toEqual({ o3_1h: 47, o3_8h: 110 });
    expect(hourlyAqi({ o3: 900, o3Avg8h: 850 })?.iaqi).toEqual({ o3_1h: 350 });
  });

  it('skips missing pollutants and gives null when none is present', () => {
    expect(hourlyAqi({})).toBeNull();
    expect(hourlyAqi({ so2: null, no2: undefined, pm25: -3 })).toBeNull();
    expect(hourlyAqi({ co: 5 })).toMatchObject({ aqi: 50, iaqi: { co_1h: 50 } });
  });
});

describe('dailyAqi', () => {
  it('uses 24-h averages and the O3 8-h maximum', () => {
    const result = dailyAqi({ so2: 50, no2: 80, co: 4, o3: 215, pm10: 100, pm25: 60 });
    // PM10 100: 50 + 50/100 × 50 = 75; PM2.5 60: 50 + 50/40 × 25 = 81.25 → 82
    expect(result?.iaqi).toEqual({ so2_24h: 50, no2_24h: 100, co_24h: 100, o3_8h: 150, pm10_24h: 75, pm25_24h: 82 });
    expect(result?.aqi).toBe(150);
    expect(result?.primaryPollutants).toEqual(['o3']);
  });

  it('reports O3 by its 1-h maximum when the 8-h value is above 800 (note 3)', () => {
    // 300 + 100/200 × 50 = 325
    const result = dailyAqi({ o3: 801, o3Max1h: 850, pm25: 100 });
    expect(result?.iaqi).toEqual({ o3_1h: 325, pm25_24h: 132 });
    expect(result?.aqi).toBe(325);
    expect(result?.category.zh).toBe('严重污染');
  });

  it('counts pollutants tied at the top once each', () => {
    const result = dailyAqi({ o3: 160, o3Max1h: 200, pm10: 150 });
    expect(result?.primaryPollutants).toEqual(['pm10', 'o3']);
  });

  it('gives null when no pollutant is present', () => {
    expect(dailyAqi({})).toBeNull();
  });
});

describe('AQI factors', () => {
  it('maps the platform HJ 212 codes to the pollutants', () => {
    expect(aqiPollutantOfFactor('a21026')).toBe('so2');
    expect(aqiPollutantOfFactor('a21004')).toBe('no2');
    expect(aqiPollutantOfFactor('a21005')).toBe('co');
    expect(aqiPollutantOfFactor('a05024')).toBe('o3');
    expect(aqiPollutantOfFactor('a34002')).toBe('pm10');
    expect(aqiPollutantOfFactor('a34004')).toBe('pm25');
    expect(aqiPollutantOfFactor('a01001')).toBeUndefined();
    expect(AQI_FACTORS.so2.catalogueUnit).toBe('mg/m³');
  });

  it('converts a station unit to the one HJ 633 expects', () => {
    expect(toAqiUnit('so2', 0.015, 'mg/m³')).toBeCloseTo(15, 9);
    expect(toAqiUnit('no2', 40, 'μg/m³')).toBe(40);
    expect(toAqiUnit('pm25', 35, 'ug/m3')).toBe(35);
    expect(toAqiUnit('co', 800, 'µg/m³')).toBeCloseTo(0.8, 9);
    expect(toAqiUnit('co', 0.8, 'mg/m3')).toBe(0.8);
    expect(toAqiUnit('o3', 50, 'ppb')).toBeUndefined();
  });
});
