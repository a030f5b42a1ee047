import { z } from 'zod';
import { pageSchema } from '../schemas/common.js';
import { deployClassifyQuerySchema, deployClassifySchema } from '../schemas/deploy.js';
import { deviceQuerySchema, deviceSchema } from '../schemas/device.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The console's device keys' root: every cached device read starts with it, so one invalidation after a
 * device or deploy write refreshes the device table, tree and map, the groups and every select.
 */
export const DEVICE_KEY = ['devices'] as const;

/** The device calls (SPEC section 7 'Device'). */
export const deviceEndpoints = {
  /**
   * Devices, paged and filtered, of the caller's scope: the device panel and every screen that picks
   * devices; cached under ['devices', …] ('options', 'page', 'every').
   */
  getAll: defineEndpoint({
    method: 'GET',
    path: '/manager/system/device/rest/getAll',
    query: deviceQuerySchema,
    response: pageSchema(deviceSchema),
    key: DEVICE_KEY,
  }),
};

/** The deploy classify calls (SPEC section 7 'Classify'). */
export const deployClassifyEndpoints = {
  /**
   * The groups of one type (1 projects, 2 addresses): the header's projects, the device tree's first
   * level, the groups a device can join; cached under the device keys, ['devices', 'groups', deployType].
   */
  findAll: defineEndpoint({
    method: 'GET',
    path: '/manager/system/device/deploy/classify/rest/findAll',
    query: deployClassifyQuerySchema,
    response: z.array(deployClassifySchema),
    key: [...DEVICE_KEY, 'groups'],
  }),
};
