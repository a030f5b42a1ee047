import { z } from 'zod';
import { idParamSchema, pageSchema } from '../schemas/common.js';
import {
  deployByDeviceQuerySchema,
  deployClassifyInputSchema,
  deployClassifyListQuerySchema,
  deployClassifyQuerySchema,
  deployClassifySchema,
  deployClassifyUpdateSchema,
  deviceDeployInputSchema,
  deviceDeployQuerySchema,
  deviceDeploySchema,
  deviceDeployUpdateSchema,
} from '../schemas/deploy.js';
import {
  deviceCodeQuerySchema,
  deviceIdQuerySchema,
  deviceLatestValueSchema,
  deviceOperateLogQuerySchema,
  deviceStatusQuerySchema,
  deviceStatusSchema,
  deviceSummarySchema,
  deviceSyncResultSchema,
  deviceSyncSchema,
  deviceUserSchema,
} from '../schemas/device-detail.js';
import { deviceInputSchema, deviceQuerySchema, deviceSchema, deviceUpdateSchema } from '../schemas/device.js';
import {
  deviceCodesQuerySchema,
  deviceFactorAllQuerySchema,
  deviceFactorListQuerySchema,
  deviceFactorMapSchema,
  deviceFactorSchema,
  deviceFactorUpdateSchema,
  factorSchema,
} from '../schemas/factor.js';
import { operationLogSchema } from '../schemas/log.js';
import {
  deviceWithVirtualSchema,
  virtualDeviceInputSchema,
  virtualDeviceListQuerySchema,
  virtualDeviceSchema,
  virtualDeviceUpdateSchema,
} from '../schemas/virtual-device.js';
import { DEVICE_KEY, DEVICE_ROUTES } from './device-routes.js';
import { defineEndpoint } from './endpoint.js';
import { HISTORY_KEY } from './data-keys.js';

/**
 * The device details' keys' root: one device's tabs are cached under ['device-detail', deviceId, tab],
 * so a device save refreshes every device's details and a tab's write its own slice.
 */
export const DEVICE_DETAIL_KEY = ['device-detail'] as const;

const DEVICE = '/manager/system/device/rest';

/** The device calls (SPEC section 7 'Device'; the file import, export and template are DEVICE_FILE_PATHS). */
export const deviceEndpoints = {
  /**
   * Devices, paged and filtered, of the caller's scope: the device panel and every screen that picks
   * devices; cached under ['devices', …] ('options', 'page', 'every').
   */
  getAll: defineEndpoint({ ...DEVICE_ROUTES.list, query: deviceQuerySchema, response: pageSchema(deviceSchema) }),
  add: defineEndpoint({ method: 'POST', path: `${DEVICE}/add`, body: deviceInputSchema, response: deviceSchema }),
  update: defineEndpoint({
    method: 'POST',
    path: `${DEVICE}/update`,
    body: deviceUpdateSchema,
    response: deviceSchema,
  }),
  remove: defineEndpoint({ method: 'GET', path: `${DEVICE}/delete`, query: idParamSchema, response: z.null() }),
  /** The users bound to a device. */
  getUsers: defineEndpoint({
    method: 'GET',
    path: `${DEVICE}/getUsers`,
    query: deviceCodeQuerySchema,
    response: z.array(deviceUserSchema),
  }),
  /** The online state of the devices the caller sees; the map caches it under ['devices', 'status', projectId]. */
  getStatus: defineEndpoint({
    method: 'GET',
    path: `${DEVICE}/getStatus`,
    query: deviceStatusQuerySchema,
    response: z.array(deviceStatusSchema),
    key: [...DEVICE_KEY, 'status'],
  }),
  /** The devices bound to the caller. */
  getInstalledDevs: defineEndpoint({
    method: 'GET',
    path: '/manager/system/user/rest/getInstalledDevs',
    response: z.array(deviceSchema),
  }),
  /** Every device the caller sees with its virtual devices. */
  getAllWithVirtual: defineEndpoint({
    method: 'GET',
    path: `${DEVICE}/getAllWithVirtual`,
    response: z.array(deviceWithVirtualSchema),
  }),
};

/**
 * The device panel's calls that are files, not JSON envelopes: the batch import (multipart), its xlsx template
 * and the export (the two-step download: the path answers the link, `${path}/download` the file). The server
 * registers them and the console calls them by these paths.
 */
export const DEVICE_FILE_PATHS = {
  batAdd: `${DEVICE}/batAdd`,
  template: `${DEVICE}/template`,
  export: `${DEVICE}/export`,
} as const;

const DEPLOY = '/manager/system/device/deploy/rest';

/**
 * The grouping records (device → project or address group; SPEC section 7 'Deploy') the device panel
 * reads and writes. A device's records are cached twice today: by the edit dialog under
 * ['devices', 'placement', deviceId] and by the details' deploy tab under ['device-detail', deviceId, 'deploys'].
 */
export const deviceDeployEndpoints = {
  /** The records of a type, for the tree; cached under ['devices', 'deploy', deployType]. */
  getAll: defineEndpoint({
    ...DEVICE_ROUTES.deployRecords,
    query: deviceDeployQuerySchema,
    response: z.array(deviceDeploySchema),
  }),
  /** One record by id. */
  get: defineEndpoint({ method: 'GET', path: `${DEPLOY}/get`, query: idParamSchema, response: deviceDeploySchema }),
  getByDeviceId: defineEndpoint({
    method: 'GET',
    path: `${DEPLOY}/getByDeviceId`,
    query: deployByDeviceQuerySchema,
    response: z.array(deviceDeploySchema),
  }),
  add: defineEndpoint({
    method: 'POST',
    path: `${DEPLOY}/add`,
    body: deviceDeployInputSchema,
    response: deviceDeploySchema,
  }),
  /** Moves a record to another group or device. */
  update: defineEndpoint({
    method: 'POST',
    path: `${DEPLOY}/update`,
    body: deviceDeployUpdateSchema,
    response: deviceDeploySchema,
  }),
  remove: defineEndpoint({ method: 'GET', path: `${DEPLOY}/delete`, query: idParamSchema, response: z.null() }),
};

const DETAIL = '/manager/system/device/detail/rest';

/** The device details' tabs (summary, operation log, live data) and the settings sync. */
export const deviceDetailEndpoints = {
  getSummary: defineEndpoint({
    method: 'GET',
    path: `${DETAIL}/getSummary`,
    query: deviceIdQuerySchema,
    response: deviceSummarySchema,
    key: DEVICE_DETAIL_KEY,
  }),
  getOperateLog: defineEndpoint({
    method: 'GET',
    path: `${DETAIL}/getOperateLog`,
    query: deviceOperateLogQuerySchema,
    response: pageSchema(operationLogSchema),
    key: DEVICE_DETAIL_KEY,
  }),
  getLatest: defineEndpoint({
    method: 'GET',
    path: `${DETAIL}/getLatest`,
    query: deviceIdQuerySchema,
    response: z.array(deviceLatestValueSchema),
    key: DEVICE_DETAIL_KEY,
  }),
  /** Pushes settings to the connected station; answers per item. */
  sync: defineEndpoint({
    method: 'POST',
    path: '/manager/system/device/setting/rest/sync',
    body: deviceSyncSchema,
    response: z.array(deviceSyncResultSchema),
  }),
};

const VIRTUAL = '/manager/system/device/virtual/rest';

/** A device's virtual devices (the file import and template are VIRTUAL_DEVICE_FILE_PATHS). */
export const virtualDeviceEndpoints = {
  /** A page of one device's virtual devices; cached under ['device-detail', deviceId, 'virtual', page]. */
  list: defineEndpoint({
    method: 'GET',
    path: `${VIRTUAL}/get`,
    query: virtualDeviceListQuerySchema,
    response: pageSchema(virtualDeviceSchema),
    key: DEVICE_DETAIL_KEY,
  }),
  add: defineEndpoint({
    method: 'POST',
    path: `${VIRTUAL}/add`,
    body: virtualDeviceInputSchema,
    response: virtualDeviceSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${VIRTUAL}/update`,
    body: virtualDeviceUpdateSchema,
    response: virtualDeviceSchema,
  }),
  remove: defineEndpoint({ method: 'GET', path: `${VIRTUAL}/delete`, query: idParamSchema, response: z.null() }),
};

/** The virtual devices' calls that are files, not JSON envelopes: the batch import (multipart) and its template. */
export const VIRTUAL_DEVICE_FILE_PATHS = {
  batAdd: `${VIRTUAL}/batAdd`,
  template: `${VIRTUAL}/template`,
} as const;

const DEVICE_FACTOR = '/manager/settings/factor/device/rest';

/**
 * The devices' monitor factors with their per-device settings: the monitor-factor page's paged list, the
 * details' factor tab and the common reads the real-time, query and report screens pick factors through.
 */
export const deviceFactorEndpoints = {
  /** Paged, by device and factor. */
  list: defineEndpoint({
    method: 'GET',
    path: `${DEVICE_FACTOR}/get`,
    query: deviceFactorListQuerySchema,
    response: pageSchema(deviceFactorSchema),
  }),
  /** In display order; cached under ['device-detail', deviceId, 'factors']. */
  getByDeviceId: defineEndpoint({
    method: 'GET',
    path: `${DEVICE_FACTOR}/getByDeviceId`,
    query: deployByDeviceQuerySchema,
    response: z.array(deviceFactorSchema),
    key: DEVICE_DETAIL_KEY,
  }),
  /** Replaces the device's whole factor list. */
  update: defineEndpoint({
    method: 'POST',
    path: `${DEVICE_FACTOR}/update`,
    body: deviceFactorUpdateSchema,
    response: z.array(deviceFactorSchema),
  }),
  /** Every device factor (of a device). */
  getAll: defineEndpoint({
    method: 'GET',
    path: `${DEVICE_FACTOR}/getAll`,
    query: deviceFactorAllQuerySchema,
    response: z.array(deviceFactorSchema),
  }),
  /** deviceCode → factors, in data.data (deviceCodes: a comma list; all devices when absent). */
  getDeviceFactor: defineEndpoint({
    method: 'GET',
    path: `${DEVICE_FACTOR}/getDeviceFactor`,
    query: deviceCodesQuerySchema,
    response: deviceFactorMapSchema,
  }),
  /**
   * The factors of the devices (deviceCodes: a comma list), each once; the history screen caches them
   * under ['history', 'factors', deviceCodes].
   */
  getFactorListByDeviceCodes: defineEndpoint({
    method: 'GET',
    path: `${DEVICE_FACTOR}/getFactorListByDeviceCodes`,
    query: deviceCodesQuerySchema,
    response: z.array(factorSchema),
    key: [...HISTORY_KEY, 'factors'],
  }),
};

const CLASSIFY = '/manager/system/device/deploy/classify/rest';

/** The deploy classify calls (SPEC section 7 'Classify'). */
export const deployClassifyEndpoints = {
  /**
   * The groups of one type (1 projects, 2 addresses): the header's projects, the device tree's first
   * level, the groups a device can join; cached under the device keys, ['devices', 'groups', deployType].
   */
  findAll: defineEndpoint({
    ...DEVICE_ROUTES.groups,
    query: deployClassifyQuerySchema,
    response: z.array(deployClassifySchema),
  }),
  /** The groups, paged, by type and name. */
  list: defineEndpoint({
    method: 'GET',
    path: `${CLASSIFY}/getAll`,
    query: deployClassifyListQuerySchema,
    response: pageSchema(deployClassifySchema),
  }),
  add: defineEndpoint({
    method: 'POST',
    path: `${CLASSIFY}/add`,
    body: deployClassifyInputSchema,
    response: deployClassifySchema,
  }),
  /** Renames a group (its type only while it holds no device). */
  update: defineEndpoint({
    method: 'POST',
    path: `${CLASSIFY}/update`,
    body: deployClassifyUpdateSchema,
    response: deployClassifySchema,
  }),
  /** Only a group that holds no device. */
  remove: defineEndpoint({ method: 'GET', path: `${CLASSIFY}/delete`, query: idParamSchema, response: z.null() }),
};
