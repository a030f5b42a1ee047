import { z } from 'zod';
import {
  transferFormatDeleteSchema,
  upstreamDeviceListQuerySchema,
  upstreamDevicePageSchema,
  upstreamDevicesUpdateSchema,
  upstreamInputSchema,
  upstreamListQuerySchema,
  upstreamPageSchema,
  upstreamSchema,
} from '../schemas/transfer-format.js';
import { defineEndpoint } from './endpoint.js';

const TRANSFER_FORMAT = '/manager/settings/transferformat/rest';

/** Settings › transfer format (SPEC section 7: transferformat get, getList, update, updates, delete; issue 20). */
export const transferFormatEndpoints = {
  /** A page of the upstream platforms; cached under ['transferformat', …], the root a change invalidates. */
  get: defineEndpoint({
    method: 'GET',
    path: `${TRANSFER_FORMAT}/get`,
    query: upstreamListQuerySchema,
    response: upstreamPageSchema,
    key: ['transferformat'],
  }),
  /** An upstream's devices (those in the caller's scope) with their settings and forwarding status. */
  getList: defineEndpoint({
    method: 'GET',
    path: `${TRANSFER_FORMAT}/getList`,
    query: upstreamDeviceListQuerySchema,
    response: upstreamDevicePageSchema,
    key: ['transferformat', 'devices'],
  }),
  /** Adds (no id) or edits an upstream; answers it as saved. */
  update: defineEndpoint({
    method: 'POST',
    path: `${TRANSFER_FORMAT}/update`,
    body: upstreamInputSchema,
    response: upstreamSchema,
  }),
  /** Sets the settings of many devices of one upstream at once; answers how many were saved. */
  updates: defineEndpoint({
    method: 'POST',
    path: `${TRANSFER_FORMAT}/updates`,
    body: upstreamDevicesUpdateSchema,
    response: z.object({ saved: z.number().int() }),
  }),
  /** Deletes an upstream (with its devices and queue), or one device of it; by GET… */
  remove: defineEndpoint({
    method: 'GET',
    path: `${TRANSFER_FORMAT}/delete`,
    query: transferFormatDeleteSchema,
    response: z.null(),
  }),
  /** …or by POST (SPEC section 7 names both). */
  removeByPost: defineEndpoint({
    method: 'POST',
    path: `${TRANSFER_FORMAT}/delete`,
    body: transferFormatDeleteSchema,
    response: z.null(),
  }),
};
