import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Alarm } from '@envmon/shared';
import { liveClient } from '../../../lib/live';
import { createAlarmStore } from '../alarm-store';
import { getCurrentAlarms } from '../api/get-current-alarms';

/**
 * The current alarms: loaded at start and after every reconnect (a gap in the push may have
 * hidden changes), patched by pushed frames in between. onRaised hears of newly raised ones.
 */
export function useCurrentAlarms(boundOnly: boolean, onRaised: (raised: Alarm[]) => void): readonly Alarm[] {
  const [store] = useState(createAlarmStore);
  const raisedRef = useRef(onRaised);
  useEffect(() => {
    raisedRef.current = onRaised;
  });
  useEffect(() => {
    // The api client has already shown a failure; the next reconnect loads again.
    const load = () => store.load(() => getCurrentAlarms(boundOnly)).catch(() => undefined);
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
  }, [store, boundOnly]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
