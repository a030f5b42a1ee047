import { z } from 'zod';
import { idParamSchema } from '../schemas/common.js';
import {
  outlierApplicationListQuerySchema,
  outlierApplicationPageSchema,
  outlierApplicationSchema,
  outlierApplySchema,
  outlierIntervalListQuerySchema,
  outlierIntervalPageSchema,
  outlierIntervalSchema,
  outlierIntervalUpdateSchema,
} from '../schemas/outlier-interval.js';
import { defineEndpoint } from './endpoint.js';

const OUTLIER_INTERVAL = '/manager/settings/outlierInterval/rest';

/** Water station › outlier interval (issue 19): the intervals, re-applying them to stored values, the applications. */
export const outlierIntervalEndpoints = {
  /** A page of the intervals (the factors' and the stations' of the caller's scope); cached under ['outlierInterval', …]. */
  list: defineEndpoint({
    method: 'GET',
    path: `${OUTLIER_INTERVAL}/get`,
    query: outlierIntervalListQuerySchema,
    response: outlierIntervalPageSchema,
    key: ['outlierInterval'],
  }),
  /** Adds (no id) or edits (id) an interval. */
  update: defineEndpoint({
    method: 'POST',
    path: `${OUTLIER_INTERVAL}/update`,
    body: outlierIntervalUpdateSchema,
    response: outlierIntervalSchema,
  }),
  remove: defineEndpoint({
    method: 'GET',
    path: `${OUTLIER_INTERVAL}/delete`,
    query: idParamSchema,
    response: z.null(),
  }),
  /** Re-judges stored values of a range with the intervals as they are; answers the recorded application. */
  apply: defineEndpoint({
    method: 'POST',
    path: `${OUTLIER_INTERVAL}/apply`,
    body: outlierApplySchema,
    response: outlierApplicationSchema,
  }),
  /** The applications, newest first; cached under ['outlierInterval', 'applications', …]. */
  applications: defineEndpoint({
    method: 'GET',
    path: `${OUTLIER_INTERVAL}/applications`,
    query: outlierApplicationListQuerySchema,
    response: outlierApplicationPageSchema,
    key: ['outlierInterval', 'applications'],
  }),
};
