import { z } from 'zod';
import {
  alarmCurrentQuerySchema,
  alarmFilterSchema,
  alarmQuerySchema,
  alarmSchema,
  workOrderEventSchema,
  workOrderHistoryQuerySchema,
  workOrderUpdateSchema,
} from '../schemas/alarm.js';
import { exportLinkSchema, pageSchema } from '../schemas/common.js';
import { defineEndpoint } from './endpoint.js';

const ALARM = '/manager/alarm/rest';
const WORK_ORDER = '/manager/alarm/workorder/rest';

/**
 * The alarm screen's query-key root: a work order move or a pushed alarm invalidates it, which
 * refreshes the tables, the drawer's alarm and its trail at once.
 */
export const ALARM_LIST_KEY = ['alarmList'] as const;

/** The alarm calls (SPEC section 7 'Alarm', 'Work order'). */
export const alarmEndpoints = {
  /** Every active alarm of the devices the caller sees (ifFilter=1: bound devices only), newest first. */
  current: defineEndpoint({
    method: 'GET',
    path: `${ALARM}/getCurrent`,
    query: alarmCurrentQuerySchema,
    response: z.array(alarmSchema),
    key: [...ALARM_LIST_KEY, 'current'],
  }),
  /** Alarms, current and ended, paged and filtered. */
  list: defineEndpoint({
    method: 'GET',
    path: `${ALARM}/get`,
    query: alarmQuerySchema,
    response: pageSchema(alarmSchema),
    key: [...ALARM_LIST_KEY, 'page'],
  }),
  /** The matching alarms' export, step 1: the ticketed link (`${path}/download` is the file). */
  export: defineEndpoint({
    method: 'GET',
    path: `${ALARM}/export`,
    query: alarmFilterSchema,
    response: exportLinkSchema,
  }),
  updateWorkOrder: defineEndpoint({
    method: 'POST',
    path: `${WORK_ORDER}/update`,
    body: workOrderUpdateSchema,
    response: alarmSchema,
  }),
  workOrderHistory: defineEndpoint({
    method: 'GET',
    path: `${WORK_ORDER}/getHistory`,
    query: workOrderHistoryQuerySchema,
    response: z.array(workOrderEventSchema),
    key: [...ALARM_LIST_KEY, 'history'],
  }),
};
