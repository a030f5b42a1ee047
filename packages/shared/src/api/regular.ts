import { z } from 'zod';
import { deviceIdQuerySchema } from '../schemas/device-detail.js';
import { idParamSchema } from '../schemas/common.js';
import {
  dataRuleEditSchema,
  dataRuleInputSchema,
  dataRuleListQuerySchema,
  dataRulePageSchema,
  dataRuleSchema,
  dataRulesUpdateSchema,
} from '../schemas/regular.js';
import { defineEndpoint } from './endpoint.js';

const REGULAR = '/manager/settings/regular/rest';

/**
 * Settings › regular (SPEC section 7 'regular (get, getByDeviceId, update)'): get pages the rules of the
 * devices in scope, getByDeviceId answers one device's, update replaces them. The list screen adds, edits and
 * deletes one rule at a time (add, edit, delete: ours).
 */
export const regularEndpoints = {
  /** A page of the rules in scope, by device, factor and symbol; cached under ['regular', 'page', query]. */
  list: defineEndpoint({
    method: 'GET',
    path: `${REGULAR}/get`,
    query: dataRuleListQuerySchema,
    response: dataRulePageSchema,
    key: ['regular'],
  }),
  /** A device's rules, by factor and in the order they apply. */
  byDevice: defineEndpoint({
    method: 'GET',
    path: `${REGULAR}/getByDeviceId`,
    query: deviceIdQuerySchema,
    response: z.array(dataRuleSchema),
    key: ['regular', 'device'],
  }),
  /** Replaces a device's rules with the list given; answers them as stored. */
  replace: defineEndpoint({
    method: 'POST',
    path: `${REGULAR}/update`,
    body: dataRulesUpdateSchema,
    response: z.array(dataRuleSchema),
  }),
  add: defineEndpoint({ method: 'POST', path: `${REGULAR}/add`, body: dataRuleInputSchema, response: dataRuleSchema }),
  update: defineEndpoint({
    method: 'POST',
    path: `${REGULAR}/edit`,
    body: dataRuleEditSchema,
    response: dataRuleSchema,
  }),
  remove: defineEndpoint({ method: 'GET', path: `${REGULAR}/delete`, query: idParamSchema, response: z.null() }),
};
