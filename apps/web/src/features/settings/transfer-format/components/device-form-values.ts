import {
  type FactorMapping,
  FORWARD_CNS,
  type ForwardCn,
  type ForwardValueSource,
  issueMessage,
  type UpstreamDevice,
} from '@envmon/shared';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { dayjs } from '../../../../lib/dayjs';

/** One chosen device: the MN and password the upstream knows it by. */
export interface DeviceTarget {
  deviceId: number;
  deviceName: string;
  mn: string;
  upstreamMn?: string;
  upstreamPassword?: string;
}

/** A factor map line as the form holds it (boxes may be blank). */
export interface FactorLine {
  factorCode?: string;
  upstreamCode?: string | null;
  ratio?: number | null;
  decimals?: number | null;
}

/** The device form: what differs per device (targets), then what all the chosen devices share. */
export interface DeviceFormValues {
  deviceIds: number[];
  targets: DeviceTarget[];
  cns: ForwardCn[];
  factors: FactorLine[];
  valueSource: ForwardValueSource;
  fromTime: Dayjs | null;
  enabled: boolean;
}

/** The data kinds a new device forwards: the four measured ones; the state uploads are opted into. */
export const DEFAULT_CNS: readonly ForwardCn[] = FORWARD_CNS.filter((cn) =>
  ['2011', '2051', '2061', '2031'].includes(cn),
);

/** A device as the pickers know it. */
export interface PickedDevice {
  id: number;
  deviceName: string;
  deviceCode: string;
}

/**
 * The targets after the device choice changed: those still chosen keep what was typed, new ones start with their
 * own MN upstream (the usual case: provinces register stations under their MN) and the upstream's password.
 */
export function syncTargets(
  deviceIds: readonly number[],
  previous: readonly DeviceTarget[],
  devices: ReadonlyMap<number, PickedDevice>,
  defaultPassword: string,
): DeviceTarget[] {
  return deviceIds.map((deviceId) => {
    const kept = previous.find((t) => t.deviceId === deviceId);
    if (kept) return kept;
    const device = devices.get(deviceId);
    const mn = device?.deviceCode ?? '';
    return {
      deviceId,
      deviceName: device?.deviceName ?? String(deviceId),
      mn,
      upstreamMn: mn,
      upstreamPassword: defaultPassword,
    };
  });
}

/** A new choice of devices, or the one device being edited as saved. */
export function initialDeviceValues(row: UpstreamDevice | undefined): DeviceFormValues {
  if (!row)
    return {
      deviceIds: [],
      targets: [],
      cns: [...DEFAULT_CNS],
      factors: [],
      valueSource: 'audited',
      fromTime: null,
      enabled: true,
    };
  return {
    deviceIds: [row.deviceId],
    targets: [
      {
        deviceId: row.deviceId,
        deviceName: row.deviceName,
        mn: row.mn,
        upstreamMn: row.upstreamMn,
        upstreamPassword: row.upstreamPassword,
      },
    ],
    cns: row.cns,
    factors: row.factors,
    valueSource: row.valueSource,
    fromTime: row.fromTime === null ? null : dayjs(row.fromTime),
    enabled: row.enabled,
  };
}

const blankToNull = (value: number | null | undefined) => (value === undefined ? null : value);

/** The `updates` body: every chosen device with its own MN and password and the shared settings. */
export function toUpdates(upstreamId: number, values: DeviceFormValues) {
  const factors = values.factors.map((line) => ({
    factorCode: line.factorCode ?? '',
    upstreamCode: line.upstreamCode ?? null,
    // A cleared ratio is no conversion.
    ratio: line.ratio ?? 1,
    decimals: blankToNull(line.decimals),
  })) satisfies Record<keyof FactorMapping, unknown>[];
  return {
    upstreamId,
    devices: values.targets.map((target) => ({
      deviceId: target.deviceId,
      upstreamMn: target.upstreamMn ?? '',
      upstreamPassword: target.upstreamPassword ?? '',
      cns: values.cns,
      factors,
      valueSource: values.valueSource,
      fromTime: values.fromTime ? values.fromTime.valueOf() : null,
      enabled: values.enabled,
    })),
  };
}

/** antd's `setFields` entry: a field of the form by its path. */
export interface DeviceFieldError {
  name: (string | number)[];
  errors: string[];
}

type Translate = (key: string, values?: Record<string, number>) => string;

/** Where an issue of the `updates` schema belongs on the form; undefined: nowhere the user can act on. */
function fieldOf(path: readonly PropertyKey[]): (string | number)[] | undefined {
  const [head, index, field, ...rest] = path;
  if (head !== 'devices') return undefined;
  if (index === undefined) return ['deviceIds'];
  if (field === 'upstreamMn' || field === 'upstreamPassword') return ['targets', index as number, field];
  if (field === 'factors') {
    const [line, name] = rest;
    return line === undefined ? ['factors'] : ['factors', line as number, (name as string | undefined) ?? 'factorCode'];
  }
  return typeof field === 'string' ? [field] : undefined;
}

/**
 * The schema's complaints beside the fields they concern, one per field: a device's MN under its own row, the
 * shared settings once (every device has the same), the devices' uniqueness under the device choice.
 */
export function deviceFormErrors(issues: readonly z.core.$ZodIssue[], translate: Translate): DeviceFieldError[] {
  const byField = new Map<string, DeviceFieldError>();
  const isDuplicate = (issue: z.core.$ZodIssue) => issue.code === 'custom' && issue.path.length === 1;
  // Blank MNs are equal too: 'used twice' only once the boxes are filled in.
  const others = issues.some((issue) => !isDuplicate(issue));
  for (const issue of issues) {
    const name = fieldOf(issue.path);
    if (!name) continue;
    const key = name.join('.');
    const duplicate = isDuplicate(issue);
    if (byField.has(key) || (duplicate && others)) continue;
    const { key: message, values } = duplicate
      ? { key: 'transferFormat.deviceForm.mnDuplicate', values: undefined }
      : issueMessage(issue);
    byField.set(key, { name, errors: [translate(message, values)] });
  }
  return [...byField.values()];
}
