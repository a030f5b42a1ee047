import type { Alarm } from '@envmon/shared';
import { api } from '../../../lib/api';

export const CURRENT_ALARMS_URL = '/manager/alarm/rest/getCurrent';

/**
 * The caller's active alarms. Non-admins ask for their bound devices only (ifFilter=1): those are
 * the devices whose alarms the push connection delivers, so later frames keep this list exact.
 */
export function getCurrentAlarms(boundOnly: boolean): Promise<Alarm[]> {
  return api.get<Alarm[]>(CURRENT_ALARMS_URL, { ifFilter: boundOnly ? 1 : undefined }, { silent: true });
}
