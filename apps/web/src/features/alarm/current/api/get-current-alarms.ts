import { ALARM_ROUTES, type Alarm, type alarmEndpoints } from '@envmon/shared';
import { callRoute } from '../../../../lib/endpoint';

/**
 * The caller's active alarms. The server decides which devices the caller sees (only their bound ones when
 * they have any) for this list and the push connection alike, so later frames keep this list exact.
 * The header's bell reads them on every screen: the schema-free route, typed by the full declaration.
 */
export function getCurrentAlarms(): Promise<Alarm[]> {
  return callRoute<typeof alarmEndpoints.current>(ALARM_ROUTES.current, { query: {} }, { silent: true });
}
