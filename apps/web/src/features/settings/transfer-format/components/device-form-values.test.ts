import { upstreamDevicesUpdateSchema, type UpstreamDevice } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../../../lib/dayjs';
import { deviceFormErrors, initialDeviceValues, syncTargets, toUpdates } from './device-form-values';

const devices = new Map([
  [1, { id: 1, deviceName: '水站 1', deviceCode: 'MN001' }],
  [2, { id: 2, deviceName: '水站 2', deviceCode: 'MN002' }],
]);

describe('syncTargets', () => {
  it('starts a new device with its own MN and the upstream password, keeps what was typed for the others', () => {
    const first = syncTargets([1], [], devices, 'pw');
    expect(first).toEqual([
      { deviceId: 1, deviceName: '水站 1', mn: 'MN001', upstreamMn: 'MN001', upstreamPassword: 'pw' },
    ]);
    const typed = [{ ...first[0]!, upstreamMn: 'PROV001' }];
    expect(syncTargets([2, 1], typed, devices, 'pw').map((t) => t.upstreamMn)).toEqual(['MN002', 'PROV001']);
    expect(syncTargets([2], typed, devices, 'pw').map((t) => t.deviceId)).toEqual([2]);
  });
});

describe('toUpdates', () => {
  it('sends every chosen device with the shared settings, blanks as the schema reads them', () => {
    const values = {
      ...initialDeviceValues(undefined),
      deviceIds: [1, 2],
      targets: syncTargets([1, 2], [], devices, 'pw'),
      factors: [{ factorCode: 'w01018', upstreamCode: '', ratio: null, decimals: 2 }],
      fromTime: dayjs(Date.UTC(2026, 10, 1)),
    };
    const parsed = upstreamDevicesUpdateSchema.parse(toUpdates(7, values));
    expect(parsed.devices).toHaveLength(2);
    expect(parsed.devices[1]).toMatchObject({
      deviceId: 2,
      upstreamMn: 'MN002',
      upstreamPassword: 'pw',
      cns: ['2011', '2051', '2061', '2031'],
      factors: [{ factorCode: 'w01018', upstreamCode: null, ratio: 1, decimals: 2 }],
      valueSource: 'audited',
      fromTime: Date.UTC(2026, 10, 1),
      enabled: true,
    });
  });

  it('edits one device as saved', () => {
    const row = {
      deviceId: 1,
      deviceName: '水站 1',
      mn: 'MN001',
      upstreamMn: 'P1',
      upstreamPassword: 'x',
      cns: ['2061'],
      factors: [],
      valueSource: 'raw',
      fromTime: null,
      enabled: false,
    } as unknown as UpstreamDevice;
    const body = toUpdates(7, initialDeviceValues(row));
    expect(body.devices).toEqual([
      {
        deviceId: 1,
        upstreamMn: 'P1',
        upstreamPassword: 'x',
        cns: ['2061'],
        factors: [],
        valueSource: 'raw',
        fromTime: null,
        enabled: false,
      },
    ]);
  });
});

describe('deviceFormErrors', () => {
  const translate = (key: string) => key;
  const errorsOf = (body: unknown) => {
    const parsed = upstreamDevicesUpdateSchema.safeParse(body);
    if (parsed.success) throw new Error('expected a refusal');
    return deviceFormErrors(parsed.error.issues, translate);
  };

  it('puts a device’s blank MN under its row, a shared setting once, no device under the choice', () => {
    const values = {
      ...initialDeviceValues(undefined),
      deviceIds: [1, 2],
      targets: syncTargets([1, 2], [], devices, 'pw').map((t) => ({ ...t, upstreamMn: '' })),
      cns: [],
    };
    expect(errorsOf(toUpdates(7, values))).toEqual([
      { name: ['targets', 0, 'upstreamMn'], errors: ['validation.required'] },
      { name: ['cns'], errors: ['validation.required'] },
      { name: ['targets', 1, 'upstreamMn'], errors: ['validation.required'] },
    ]);
    expect(errorsOf(toUpdates(7, initialDeviceValues(undefined)))).toEqual([
      { name: ['deviceIds'], errors: ['validation.required'] },
    ]);
  });

  it('says so when two devices would go under one upstream MN', () => {
    const values = {
      ...initialDeviceValues(undefined),
      deviceIds: [1, 2],
      targets: syncTargets([1, 2], [], devices, 'pw').map((t) => ({ ...t, upstreamMn: 'SAME' })),
    };
    expect(errorsOf(toUpdates(7, values))).toEqual([
      { name: ['deviceIds'], errors: ['transferFormat.deviceForm.mnDuplicate'] },
    ]);
  });
});
