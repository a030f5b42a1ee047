import type { Alarm } from '@envmon/shared';
import { api } from '../../../../lib/api';

export const CURRENT_ALARMS_URL = '/manager/alarm/rest/getCurrent';

/**
 * The caller's active alarms. The server decides which devices the caller sees (only their bound ones when
 * they have any) for this list and the push connection alike, so later frames keep this list exact.
 */
export function getCurrentAlarms(): Promise<Alarm[]> {
  return api.get<Alarm[]>(CURRENT_ALARMS_URL, {}, { silent: true });
}
