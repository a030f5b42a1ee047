import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Alarm } from '@envmon/shared';
import { liveClient } from '../../../../lib/live';
import { createAlarmStore } from '../alarm-store';
import { getCurrentAlarms } from '../api/get-current-alarms';

/**
 * The current alarms: loaded at start and after every reconnect (a gap in the push may have
 * hidden changes), patched by pushed frames in between. onRaised hears of newly raised ones.
 */
export function useCurrentAlarms(
  onRaised: (raised: Alarm[]) => void,
  /** False for a user who may not read alarms: nothing is loaded or followed. */
  enabled = true,
): readonly Alarm[] {
  const [store] = useState(createAlarmStore);
  const raisedRef = useRef(onRaised);
  useEffect(() => {
    raisedRef.current = onRaised;
  });
  useEffect(() => {
    if (!enabled) return;
    // The api client has already shown a failure; the next reconnect loads again.
    const load = () => store.load(() => getCurrentAlarms()).catch(() => undefined);
    // The load notes every frame pushed from now on, so none arriving before its answer is lost.
    void load();
    const offAlarms = liveClient.onAlarms((pushed) => {
      const raised = store.push(pushed);
      if (raised.length > 0) raisedRef.current(raised);
    });
    const offReconnect = liveClient.onReconnect(() => void load());
    // Loaded before the connection was open: what was raised before it opened came in no frame.
    let offFirstOpen: (() => void) | null = null;
    if (liveClient.getState() !== 'open') {
      offFirstOpen = liveClient.onStateChange(() => {
        if (liveClient.getState() !== 'open') return;
        offFirstOpen?.();
        offFirstOpen = null;
        void load();
      });
    }
    return () => {
      offAlarms();
      offReconnect();
      offFirstOpen?.();
    };
  }, [store, enabled]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

/** The ids of devices with a current alarm (map markers in alarm), for users who may read alarms. */
export function useAlarmedDeviceIds(enabled: boolean): ReadonlySet<number> {
  const alarms = useCurrentAlarms(ignoreRaised, enabled);
  return useMemo(() => new Set(enabled ? alarms.map((alarm) => alarm.deviceId) : []), [alarms, enabled]);
}

function ignoreRaised(): void {
  // The badge announces raised alarms; other users of the list only show them.
}
