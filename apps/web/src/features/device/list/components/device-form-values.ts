import { DEPLOY_TYPE, type Device, type DeviceDeploy, deviceInputSchema, deviceStepFields } from '@envmon/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { issueMessage } from '../../../../lib/zod-form-errors';

/** The dialog's three steps (SPEC section 4 'Device dialog': steps 0 to 2). */
export const DEVICE_STEPS = ['location', 'contact', 'details'] as const;
export type DeviceStep = (typeof DEVICE_STEPS)[number];

export type DeviceFieldName = keyof typeof deviceInputSchema.shape;

/** The point picked on the map: one form field for the picker, two fields for the schema. */
export interface LngLat {
  lng: number | null;
  lat: number | null;
}

/** What the antd form holds: the schema's fields, with the picker's point and a dayjs date. */
export type DeviceFormValues = Partial<Record<DeviceFieldName, unknown>> & {
  location?: LngLat;
  installDate?: Dayjs | null;
};

/** Fields of a step as the form names them: step 1's lng and lat are the picker's 'location'. */
export function formFieldsOf(step: DeviceStep): string[] {
  const fields: readonly string[] = deviceStepFields[step];
  return step === 'location' ? ['location', ...fields.filter((name) => name !== 'lng' && name !== 'lat')] : [...fields];
}

/** The step a schema field is entered on (to go back to it when the final check finds a problem). */
export function stepOfField(name: string): number {
  const index = DEVICE_STEPS.findIndex((step) => (deviceStepFields[step] as readonly string[]).includes(name));
  return Math.max(0, index);
}

/** The form's field a schema field is shown under. */
export const formFieldOf = (name: string): string => (name === 'lng' || name === 'lat' ? 'location' : name);

/** The groups the device form places a device in: the tree's project and address groupings. */
export const PLACEMENT_FIELDS = ['projectId', 'addressId'] as const;

/**
 * The form's starting values. A device being edited shows the project and address group its grouping
 * records name; a new one starts in `projectId` (the project chosen in the header, so that it does not
 * vanish from the panel it was added on), else in none.
 */
export function toDeviceFormValues(
  device: Device | undefined,
  placement: { records?: readonly DeviceDeploy[]; projectId?: number | null } = {},
): DeviceFormValues {
  if (!device) {
    // The schema's defaults for a new device (valid, Beijing time, standard CRC).
    const defaults = deviceInputSchema.pick({ ifValid: true, utcOffsetMinutes: true, acceptModbusCrc: true }).parse({});
    return {
      location: { lng: null, lat: null },
      installDate: null,
      projectId: placement.projectId ?? null,
      addressId: null,
      ...defaults,
    };
  }
  const { id: _id, createTime: _c, updateTime: _u, lng, lat, installDate, ...rest } = device;
  const groupOf = (deployType: number) =>
    placement.records?.find((r) => r.deployType === deployType && r.deviceId === device.id)?.deployId ?? null;
  return {
    ...rest,
    location: { lng, lat },
    installDate: installDate === null ? null : dayjs(installDate),
    projectId: groupOf(DEPLOY_TYPE.project),
    addressId: groupOf(DEPLOY_TYPE.address),
  };
}

/** Empty boxes mean 'nothing entered': zod's coercion would read '' and null as 0. */
const blankToUndefined = (value: unknown): unknown => (value === '' || value === null ? undefined : value);

/** The form's values as the schema reads them. */
export function fromDeviceFormValues(values: DeviceFormValues): Record<string, unknown> {
  const { location, installDate, ...rest } = values;
  const raw: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(rest)) raw[name] = blankToUndefined(value);
  raw.lng = blankToUndefined(location?.lng);
  raw.lat = blankToUndefined(location?.lat);
  raw.installDate = installDate ? installDate.valueOf() : undefined;
  // A cleared group is sent as null ('in none'): absent would leave the device where it was.
  for (const name of PLACEMENT_FIELDS) raw[name] = blankToUndefined(rest[name]) ?? null;
  return raw;
}

/** Messages of the shared schema are i18n keys ('device.rules.*', 'validation.*'); zod's own are mapped. */
export function deviceIssueKey(issue: z.core.$ZodIssue): { key: string; values: Record<string, number> } {
  if (issue.message.startsWith('device.')) return { key: issue.message, values: {} };
  return issueMessage(issue);
}

/** The first problem of one schema field's value, as an i18n key, or null when the value passes. */
export function checkDeviceField(
  name: DeviceFieldName,
  value: unknown,
): { key: string; values: Record<string, number> } | null {
  const result = deviceInputSchema.shape[name].safeParse(blankToUndefined(value));
  const [issue] = result.success ? [] : result.error.issues;
  return issue ? deviceIssueKey(issue) : null;
}

/** The picker's point: the spec's 'coordinates' message when none is picked, else each coordinate's own. */
export function checkLocation(value: LngLat | undefined): { key: string; values: Record<string, number> } | null {
  const lng = blankToUndefined(value?.lng);
  const lat = blankToUndefined(value?.lat);
  if (lng === undefined && lat === undefined) return { key: 'device.rules.coordinates', values: {} };
  return checkDeviceField('lng', lng) ?? checkDeviceField('lat', lat);
}
