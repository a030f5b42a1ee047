import { alarmEndpoints, type Alarm } from '@envmon/shared';
import { callEndpoint } from '../../../../lib/endpoint';

/**
 * The caller's active alarms. The server decides which devices the caller sees (only their bound ones when
 * they have any) for this list and the push connection alike, so later frames keep this list exact.
 */
export function getCurrentAlarms(): Promise<Alarm[]> {
  return callEndpoint(alarmEndpoints.current, { query: {} }, { silent: true });
}
