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
import { ALARM_ROUTES } from './alarm-routes.js';
import { defineEndpoint } from './endpoint.js';

/** The alarm calls (SPEC section 7 'Alarm', 'Work order'). */
export const alarmEndpoints = {
  /** Every active alarm of the devices the caller sees (ifFilter=1: bound devices only), newest first. */
  current: defineEndpoint({
    ...ALARM_ROUTES.current,
    query: alarmCurrentQuerySchema,
    response: z.array(alarmSchema),
  }),
  /** Alarms, current and ended, paged and filtered. */
  list: defineEndpoint({
    ...ALARM_ROUTES.list,
    query: alarmQuerySchema,
    response: pageSchema(alarmSchema),
  }),
  /** The matching alarms' export, step 1: the ticketed link (`${path}/download` is the file). */
  export: defineEndpoint({
    ...ALARM_ROUTES.export,
    query: alarmFilterSchema,
    response: exportLinkSchema,
  }),
  updateWorkOrder: defineEndpoint({
    ...ALARM_ROUTES.updateWorkOrder,
    body: workOrderUpdateSchema,
    response: alarmSchema,
  }),
  workOrderHistory: defineEndpoint({
    ...ALARM_ROUTES.workOrderHistory,
    query: workOrderHistoryQuerySchema,
    response: z.array(workOrderEventSchema),
  }),
};
