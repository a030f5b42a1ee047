import { z } from 'zod';
import {
  cameraInputSchema,
  cameraListQuerySchema,
  cameraPageSchema,
  cameraPolicySchema,
  cameraSchema,
  cameraUpdateSchema,
} from '../schemas/camera.js';
import { idParamSchema, pageSchema } from '../schemas/common.js';
import {
  dashboardInfoSchema,
  dashboardByUserQuerySchema,
  dashboardInputSchema,
  dashboardListQuerySchema,
  dashboardPageSchema,
  dashboardSchema,
  dashboardUpdateSchema,
  dashboardUserQuerySchema,
} from '../schemas/dashboard.js';
import {
  devopsListQuerySchema,
  devopsRecordInputSchema,
  devopsRecordPageSchema,
  devopsRecordSchema,
  devopsRecordUpdateSchema,
} from '../schemas/devops.js';
import {
  factorAllQuerySchema,
  factorCodeQuerySchema,
  factorInputSchema,
  factorListQuerySchema,
  factorSchema,
  factorUnitSchema,
} from '../schemas/factor.js';
import {
  iotCardInputSchema,
  iotCardListQuerySchema,
  iotCardPageSchema,
  iotCardSchema,
  iotCardUpdateSchema,
} from '../schemas/iot-card.js';
import {
  reissueInputSchema,
  reissueListQuerySchema,
  reissueTaskPageSchema,
  reissueTaskSchema,
} from '../schemas/reissue.js';
import {
  alarmStrategyInputSchema,
  alarmStrategyQuerySchema,
  alarmStrategySchema,
  surfaceWaterLimitSchema,
  thresholdInputSchema,
  thresholdQuerySchema,
  thresholdSchema,
  thresholdUpdateSchema,
  waterThresholdQuerySchema,
} from '../schemas/threshold.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The settings lists' calls (SPEC section 7): each list's page read (its key root is the list's, which
 * a write invalidates), add, update and delete (a GET naming the row, as the original system had it).
 */

const IOT_CARD = '/manager/settings/iotCard/rest';

/** Settings › IoT card (SPEC section 7 'iotCard (get, add, update, delete)'). */
export const iotCardEndpoints = {
  /** A page of the cards of the caller's device scope; cached under ['iotCard', 'page', query]. */
  list: defineEndpoint({
    method: 'GET',
    path: `${IOT_CARD}/get`,
    query: iotCardListQuerySchema,
    response: iotCardPageSchema,
    key: ['iotCard'],
  }),
  add: defineEndpoint({ method: 'POST', path: `${IOT_CARD}/add`, body: iotCardInputSchema, response: iotCardSchema }),
  update: defineEndpoint({
    method: 'POST',
    path: `${IOT_CARD}/update`,
    body: iotCardUpdateSchema,
    response: iotCardSchema,
  }),
  remove: defineEndpoint({ method: 'GET', path: `${IOT_CARD}/delete`, query: idParamSchema, response: z.null() }),
};

const DASHBOARD = '/manager/settings/dashboard/rest';

/**
 * Settings › dashboard (SPEC section 7 'dashboard (get, getByUserId, getDashboardInfoByUserId, add, update,
 * delete)'): one configuration per user of the home page and the monitoring wall.
 */
export const dashboardEndpoints = {
  /** A page of the configurations (a non-admin's: their own); cached under ['dashboard', 'page', query]. */
  list: defineEndpoint({
    method: 'GET',
    path: `${DASHBOARD}/get`,
    query: dashboardListQuerySchema,
    response: dashboardPageSchema,
    key: ['dashboard'],
  }),
  /** The user's configuration, or their role's defaults (id null) when they have none. */
  byUser: defineEndpoint({
    method: 'GET',
    path: `${DASHBOARD}/getByUserId`,
    query: dashboardByUserQuerySchema,
    response: dashboardSchema,
    key: ['dashboard', 'user'],
  }),
  /** Everything the user's home and wall show, in one call. */
  info: defineEndpoint({
    method: 'GET',
    path: `${DASHBOARD}/getDashboardInfoByUserId`,
    query: dashboardUserQuerySchema,
    response: dashboardInfoSchema,
    key: ['dashboard', 'info'],
  }),
  add: defineEndpoint({
    method: 'POST',
    path: `${DASHBOARD}/add`,
    body: dashboardInputSchema,
    response: dashboardSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${DASHBOARD}/update`,
    body: dashboardUpdateSchema,
    response: dashboardSchema,
  }),
  remove: defineEndpoint({ method: 'GET', path: `${DASHBOARD}/delete`, query: idParamSchema, response: z.null() }),
};

const DEVOPS = '/manager/settings/devops/rest';

/**
 * Settings › DevOps (SPEC section 7 'devops'): the records' list, add, update and delete, and an attachment's
 * delete (by DELETE). The upload (multipart) and the attachment's bytes are not JSON calls: DEVOPS_FILE_PATHS.
 */
export const devopsEndpoints = {
  /** A page of maintenance records with their attachments' metadata; cached under ['devops', 'page', query]. */
  list: defineEndpoint({
    method: 'GET',
    path: `${DEVOPS}/get`,
    query: devopsListQuerySchema,
    response: devopsRecordPageSchema,
    key: ['devops'],
  }),
  add: defineEndpoint({
    method: 'POST',
    path: `${DEVOPS}/add`,
    body: devopsRecordInputSchema,
    response: devopsRecordSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${DEVOPS}/update`,
    body: devopsRecordUpdateSchema,
    response: devopsRecordSchema,
  }),
  remove: defineEndpoint({ method: 'GET', path: `${DEVOPS}/delete`, query: idParamSchema, response: z.null() }),
  removeFile: defineEndpoint({
    method: 'DELETE',
    path: `${DEVOPS}/deleteFile`,
    query: idParamSchema,
    response: z.null(),
  }),
};

const YS = '/manager/settings/ys/rest';

/** Settings 'video ys' (SPEC section 7 'ys': list, get, policySet; add, update, delete manage the cameras). */
export const cameraEndpoints = {
  /** A page of the cameras of the caller's device scope; cached under ['cameras', 'page', query]. */
  list: defineEndpoint({
    method: 'GET',
    path: `${YS}/list`,
    query: cameraListQuerySchema,
    response: cameraPageSchema,
    key: ['cameras'],
  }),
  get: defineEndpoint({ method: 'GET', path: `${YS}/get`, query: idParamSchema, response: cameraSchema }),
  add: defineEndpoint({ method: 'POST', path: `${YS}/add`, body: cameraInputSchema, response: cameraSchema }),
  update: defineEndpoint({ method: 'POST', path: `${YS}/update`, body: cameraUpdateSchema, response: cameraSchema }),
  policySet: defineEndpoint({
    method: 'POST',
    path: `${YS}/policySet`,
    body: cameraPolicySchema,
    response: cameraSchema,
  }),
  remove: defineEndpoint({ method: 'GET', path: `${YS}/delete`, query: idParamSchema, response: z.null() }),
};

const FACTOR = '/manager/settings/factor/rest';

/** Settings › monitor factors (SPEC section 7 'factor (get, add, update, delete by GET)'), rows named by their code. */
export const factorEndpoints = {
  /**
   * A page of the catalogue; cached under ['factor', 'page', query]. The root is the one the whole catalogue
   * is read under too (['factor', 'getAll']), so a write refreshes every factor select.
   */
  list: defineEndpoint({
    method: 'GET',
    path: `${FACTOR}/get`,
    query: factorListQuerySchema,
    response: pageSchema(factorSchema),
    key: ['factor'],
  }),
  /**
   * The whole catalogue (of a kind): factors to add to a device, every factor select; any signed-in user
   * reads it. Cached under ['factor', 'getAll'], below the list's root.
   */
  getAll: defineEndpoint({
    method: 'GET',
    path: `${FACTOR}/getAll`,
    query: factorAllQuerySchema,
    response: z.array(factorSchema),
    key: ['factor'],
  }),
  /** The catalogue's factors with their units and the units' names (SPEC section 7 common reads); any signed-in user. */
  getAllNewFactorUnit: defineEndpoint({
    method: 'GET',
    path: `${FACTOR}/getAllNewFactorUnit`,
    query: factorAllQuerySchema,
    response: z.array(factorUnitSchema),
    key: ['factor', 'units'],
  }),
  add: defineEndpoint({ method: 'POST', path: `${FACTOR}/add`, body: factorInputSchema, response: factorSchema }),
  update: defineEndpoint({ method: 'POST', path: `${FACTOR}/update`, body: factorInputSchema, response: factorSchema }),
  remove: defineEndpoint({
    method: 'GET',
    path: `${FACTOR}/delete`,
    query: factorCodeQuerySchema,
    response: z.null(),
  }),
};

const THRESHOLD = '/manager/alarm/threshold/rest';
const STRATEGY = '/manager/system/alarm/strategy/rest';
const WATER_LIMIT = '/manager/settings/surfactwaterlimit/rest';

/** Settings › DevOps calls that are not JSON: the multipart upload and one attachment's bytes (a ticketed link). */
export const DEVOPS_FILE_PATHS = {
  upload: `${DEVOPS}/upload`,
  file: `${DEVOPS}/file`,
} as const;

/** Settings › thresholds (SPEC section 7 '/alarm/threshold'): the thresholds list. */
export const thresholdEndpoints = {
  /** A page of thresholds; cached under ['thresholds', 'page', query]. */
  list: defineEndpoint({
    method: 'GET',
    path: `${THRESHOLD}/getAll`,
    query: thresholdQuerySchema,
    response: pageSchema(thresholdSchema),
    key: ['thresholds'],
  }),
  add: defineEndpoint({
    method: 'POST',
    path: `${THRESHOLD}/add`,
    body: thresholdInputSchema,
    response: thresholdSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${THRESHOLD}/update`,
    body: thresholdUpdateSchema,
    response: thresholdSchema,
  }),
  remove: defineEndpoint({ method: 'GET', path: `${THRESHOLD}/delete`, query: idParamSchema, response: z.null() }),
  get: defineEndpoint({ method: 'GET', path: `${THRESHOLD}/get`, query: idParamSchema, response: thresholdSchema }),
  /** The thresholds of water factors with their derived symbol (DESC, ASC, ph). */
  getAllWaterThreshold: defineEndpoint({
    method: 'GET',
    path: `${THRESHOLD}/getAllWaterThreshold`,
    query: waterThresholdQuerySchema,
    response: z.array(thresholdSchema),
  }),
};

/** The threshold screen's alarm strategies (SPEC section 7 '/system/alarm/strategy'). */
export const alarmStrategyEndpoints = {
  /** A device's stored strategies; cached under ['alarmStrategies', deviceId], the root a write invalidates. */
  list: defineEndpoint({
    method: 'GET',
    path: `${STRATEGY}/getAll`,
    query: alarmStrategyQuerySchema,
    response: z.array(alarmStrategySchema),
    key: ['alarmStrategies'],
  }),
  /** Creates or replaces the strategy of a device × alarm type. */
  update: defineEndpoint({
    method: 'POST',
    path: `${STRATEGY}/update`,
    body: alarmStrategyInputSchema,
    response: alarmStrategySchema,
  }),
  get: defineEndpoint({ method: 'GET', path: `${STRATEGY}/get`, query: idParamSchema, response: alarmStrategySchema }),
  remove: defineEndpoint({ method: 'GET', path: `${STRATEGY}/delete`, query: idParamSchema, response: z.null() }),
};

/** The surface-water class limits (SPEC section 7 'surfactwaterlimit'). */
export const surfaceWaterLimitEndpoints = {
  /** Fixed reference data; cached under ['surfaceWaterLimits']. */
  getAll: defineEndpoint({
    method: 'GET',
    path: `${WATER_LIMIT}/getAll`,
    response: z.array(surfaceWaterLimitSchema),
    key: ['surfaceWaterLimits'],
  }),
};

const REISSUE = '/manager/settings/reissue/rest';

/** Settings › reissue (SPEC section 7: reissue add, repair, list). */
export const reissueEndpoints = {
  /** A page of the tasks in scope, newest first; cached under ['reissue', 'page', query], the root a reissue invalidates. */
  list: defineEndpoint({
    method: 'GET',
    path: `${REISSUE}/list`,
    query: reissueListQuerySchema,
    response: reissueTaskPageSchema,
    key: ['reissue'],
  }),
  /** The whole range again; answers the tasks made (one per device). */
  add: defineEndpoint({
    method: 'POST',
    path: `${REISSUE}/add`,
    body: reissueInputSchema,
    response: z.array(reissueTaskSchema),
  }),
  /** Only the periods missing from the database; answers the tasks made (one per device). */
  repair: defineEndpoint({
    method: 'POST',
    path: `${REISSUE}/repair`,
    body: reissueInputSchema,
    response: z.array(reissueTaskSchema),
  }),
};
