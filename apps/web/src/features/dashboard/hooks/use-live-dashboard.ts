import { useEffect, useMemo, useState } from 'react';
import type { DashboardInfo } from '@envmon/shared';
import { liveClient, useLiveMessages } from '../../../lib/live';
import { applyAlarms, applyMessages, fromSnapshot, type LiveDashboard } from '../live/apply-live';
import { createPushBatcher } from '../live/push-batcher';

/**
 * The snapshot kept current by the push (SPEC section 7 'Live push'): alarm arrays and the stations'
 * status and data frames are batched (push-batcher.ts) and applied together, so a thousand stations
 * reporting re-render the dashboard once a second, not once a frame. A new snapshot (the refresh
 * interval) starts over from it.
 */
export function useLiveDashboard(listenerName: string, info: DashboardInfo | undefined): DashboardInfo | undefined {
  const [base, setBase] = useState(info);
  const [state, setState] = useState<LiveDashboard | null>(() => (info ? fromSnapshot(info) : null));
  if (info !== base) {
    setBase(info);
    setState(info ? fromSnapshot(info) : null);
  }

  const [batcher] = useState(() =>
    createPushBatcher((alarms, messages) =>
      setState((current) => current && applyMessages(applyAlarms(current, alarms), messages)),
    ),
  );
  useEffect(() => {
    const off = liveClient.onAlarms((alarms) => batcher.alarms(alarms));
    return () => {
      off();
      batcher.dispose();
    };
  }, [batcher]);

  const stationIds = useMemo(() => info?.stations.map((station) => station.id) ?? [], [info]);
  useLiveMessages(listenerName, stationIds, (message) => batcher.message(message));

  return state?.info;
}
