import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { VOCABULARIES } from '../vocabularies.js';
import { idSchema, MOBILE_PATTERN, optionalText, pageQuerySchema, validFlagSchema } from './common.js';

/**
 * Device form messages (SPEC section 5): i18n keys of the `device` namespace, whose zh-CN texts
 * are the spec's words exactly. The console shows them; the server puts them in `desc`.
 */
export const DV = {
  coordinates: 'device.rules.coordinates',
  lng: 'device.rules.lng',
  lat: 'device.rules.lat',
  installName: 'device.rules.installName',
  installDate: 'device.rules.installDate',
  contactCompany: 'device.rules.contactCompany',
  contactPerson: 'device.rules.contactPerson',
  contactPhone: 'device.rules.contactPhone',
  contactPhonePattern: 'device.rules.contactPhonePattern',
  maintainId: 'device.rules.maintainId',
  deviceName: 'device.rules.deviceName',
  deviceCode: 'device.rules.deviceCode',
  deviceType: 'device.rules.deviceType',
  deviceTypeUnknown: 'device.rules.deviceTypeUnknown',
  password: 'device.rules.password',
  intervalTime: 'device.rules.intervalTime',
  intervalTimePositive: 'device.rules.intervalTimePositive',
  max64: 'device.rules.max64',
  max128: 'device.rules.max128',
} as const;

export const DEVICE_LIMITS = {
  installNameMax: 64,
  contactCompanyMax: 128,
  contactPersonMax: 64,
  deviceNameMax: 64,
  /** HJ 212 MN: up to 24 characters. */
  deviceCodeMax: 24,
  deviceTypeMax: 8,
  /**
   * The station's PW. HJ 212 gives the field 9 characters (6 for the password), but stations in
   * the field send longer ones (HJ212.md V02: 24 characters) and the standard fixes no maximum
   * they keep, so the bound is only a sane one: as long as any password the platform takes.
   */
  passwordMax: LIMITS.passwordMax,
  installAddressMax: 255,
} as const;

/** The HJ 212 system codes (ST) a device's type may be: the deviceType vocabulary's values. */
export const DEVICE_TYPES: readonly string[] = VOCABULARIES.deviceType.items.map((i) => i.value);

export const isDeviceType = (value: string): boolean => DEVICE_TYPES.includes(value);

/**
 * The characters that separate a packet's fields (HJ212.md §4, §6): a PW holding one could not be
 * sent by a station nor pushed to it (1072's NewPW), so it cannot be the station's password.
 */
const STATION_PASSWORD_PATTERN = /^[^\s;,=&]+$/;

/** A device as the API returns it (SPEC section 3 'Device', plus the platform's station settings). */
export const deviceSchema = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  deviceCode: z.string(),
  deviceType: z.string(),
  /** Report interval in seconds. */
  intervalTime: z.number().int(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  installName: z.string().nullable(),
  /** Epoch ms. */
  installDate: z.number().int().nullable(),
  installAddress: z.string().nullable(),
  installPicId: z.string().nullable(),
  installPhoto: z.string().nullable(),
  contactCompany: z.string().nullable(),
  contactPerson: z.string().nullable(),
  contactPhone: z.string().nullable(),
  maintainId: z.number().int().nullable(),
  weather: z.string().nullable(),
  ifValid: z.number().int(),
  remark: z.string().nullable(),
  preserve02: z.string().nullable(),
  preserve03: z.string().nullable(),
  /** The station's PW (HJ 212); shown to those who may edit devices. */
  password: z.string().nullable(),
  utcOffsetMinutes: z.number().int(),
  acceptModbusCrc: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type Device = z.infer<typeof deviceSchema>;

const required = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage);

/**
 * The form's fields with the spec's rules, step by step (the 3-step dialog validates one step's
 * fields on 'next'). The server checks the same schema.
 */
export const deviceStepFields = {
  /** Step 1: location and installer. */
  location: ['lng', 'lat', 'installName', 'installDate', 'installAddress'],
  /** Step 2: contact and maintainer. */
  contact: ['contactCompany', 'contactPerson', 'contactPhone', 'maintainId'],
  /** Step 3: the remaining details. */
  details: [
    'deviceName',
    'deviceCode',
    'deviceType',
    'projectId',
    'addressId',
    'intervalTime',
    'password',
    'utcOffsetMinutes',
    'acceptModbusCrc',
    'ifValid',
    'weather',
    'installPicId',
    'installPhoto',
    'preserve02',
    'preserve03',
    'remark',
  ],
} as const;

export const deviceInputSchema = z.object({
  lng: z.coerce.number({ error: DV.lng }).min(-180, DV.lng).max(180, DV.lng),
  lat: z.coerce.number({ error: DV.lat }).min(-90, DV.lat).max(90, DV.lat),
  installName: required(DV.installName, DEVICE_LIMITS.installNameMax, DV.max64),
  installDate: z.coerce.number({ error: DV.installDate }).int(DV.installDate),
  installAddress: optionalText(DEVICE_LIMITS.installAddressMax),
  contactCompany: required(DV.contactCompany, DEVICE_LIMITS.contactCompanyMax, DV.max128),
  contactPerson: required(DV.contactPerson, DEVICE_LIMITS.contactPersonMax, DV.max64),
  contactPhone: z
    .string({ error: DV.contactPhone })
    .trim()
    .min(1, DV.contactPhone)
    .regex(MOBILE_PATTERN, DV.contactPhonePattern),
  maintainId: z.coerce.number({ error: DV.maintainId }).int(DV.maintainId).positive(DV.maintainId),
  deviceName: required(DV.deviceName, DEVICE_LIMITS.deviceNameMax, DV.max64),
  deviceCode: required(DV.deviceCode, DEVICE_LIMITS.deviceCodeMax, 'validation.tooLong'),
  /** An HJ 212 system code of the vocabulary; anything else is refused by name. */
  deviceType: z
    .string({ error: DV.deviceType })
    .trim()
    .min(1, DV.deviceType)
    .refine(isDeviceType, DV.deviceTypeUnknown),
  /**
   * The device's project (a deploy group of type 1) and address group (type 2): null for none.
   * Absent on update: the device stays where it is (a caller that does not know of groups moves
   * nothing).
   */
  projectId: idSchema.nullable().optional(),
  addressId: idSchema.nullable().optional(),
  intervalTime: z.coerce
    .number({ error: DV.intervalTime })
    .int(DV.intervalTimePositive)
    .positive(DV.intervalTimePositive),
  password: optionalText(DEVICE_LIMITS.passwordMax).refine(
    (v) => v === null || STATION_PASSWORD_PATTERN.test(v),
    DV.password,
  ),
  utcOffsetMinutes: z.coerce.number().int().min(-720).max(840).default(480),
  acceptModbusCrc: validFlagSchema.default(0),
  ifValid: validFlagSchema.default(1),
  weather: optionalText(64),
  installPicId: optionalText(64),
  installPhoto: optionalText(),
  preserve02: optionalText(),
  preserve03: optionalText(),
  remark: optionalText(),
});
export type DeviceInput = z.infer<typeof deviceInputSchema>;

export const deviceUpdateSchema = deviceInputSchema.extend({ id: idSchema });
export type DeviceUpdate = z.infer<typeof deviceUpdateSchema>;

/** getAll: paged (page size 200), filtered; ifFilter=1 keeps only the caller's bound devices. */
export const deviceQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.devicePageSize),
  deviceName: z.string().trim().optional(),
  deviceCode: z.string().trim().optional(),
  deviceType: z.string().trim().optional(),
  ifValid: z.coerce.number().int().optional(),
  /** A project (deploy group of type 1): only its devices. */
  projectId: z.coerce.number().int().optional(),
  ifFilter: z.coerce.number().int().optional(),
});
export type DeviceQuery = z.infer<typeof deviceQuerySchema>;
