import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DashboardInfo } from '@envmon/shared';
import { liveClient } from '../../../lib/live';
import { getSelectedProjectId } from '../../../lib/project';
import { dashboardInfoQueryOptions } from '../api/get-dashboard-info';
import { useLiveDashboard } from './use-live-dashboard';

/**
 * The signed-in user's dashboard for the header's project: one snapshot call (again at the configuration's
 * refresh interval), kept current by the push in between. After the push connection comes back, a new
 * snapshot replaces what was missed meanwhile. `listener` names the page's push listener.
 */
export function useDashboard(listener: string) {
  const query = useQuery(dashboardInfoQueryOptions(getSelectedProjectId()));
  const { refetch } = query;
  useEffect(() => liveClient.onReconnect(() => void refetch()), [refetch]);
  const info: DashboardInfo | undefined = useLiveDashboard(listener, query.data);
  return { query, info };
}
