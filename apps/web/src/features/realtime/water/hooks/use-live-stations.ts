import type { LiveMessage, RealtimeValue } from '@envmon/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { liveClient, useLiveConnection, useLiveMessages } from '../../../../lib/live';
import { createMessageBatcher } from '../../data/utils/message-batcher';
import { applyStationMessages, type LiveRules, type LiveStation } from '../utils/live-stations';

interface State<S> {
  source: readonly S[] | undefined;
  stations: readonly S[];
}

const NONE: readonly never[] = [];

/**
 * The station cards' state: the fetched stations, then every live message of them applied in
 * batches. A newly fetched answer starts over; after the push comes back, `onReconnect` fetches
 * what was missed. `patch` applies other changes (pushed alarms) to the same state.
 */
export function useLiveStations<S extends LiveStation<V>, V extends RealtimeValue>(
  name: string,
  source: readonly S[] | undefined,
  rules: LiveRules<S, V>,
  onReconnect: () => void,
) {
  const [state, setState] = useState<State<S>>(() => ({ source, stations: source ?? NONE }));
  let current = state;
  if (state.source !== source) {
    current = { source, stations: source ?? NONE };
    setState(current);
  }

  // The rules follow the answer (its class limits); the batcher reads the newest.
  const rulesRef = useRef(rules);
  useEffect(() => {
    rulesRef.current = rules;
  });
  const [batcher] = useState(() =>
    createMessageBatcher<LiveMessage>((messages) =>
      setState((prev) => {
        const stations = applyStationMessages(prev.stations, messages, rulesRef.current);
        return stations === prev.stations ? prev : { ...prev, stations };
      }),
    ),
  );
  useEffect(() => () => batcher.dispose(), [batcher]);

  const deviceIds = useMemo(() => source?.map((s) => s.deviceId) ?? [], [source]);
  useLiveMessages(name, deviceIds, (message) => batcher.push(message));

  const reconnect = useRef(onReconnect);
  useEffect(() => {
    reconnect.current = onReconnect;
  });
  useEffect(() => liveClient.onReconnect(() => reconnect.current()), []);

  const patch = useCallback((update: (stations: readonly S[]) => readonly S[]) => {
    setState((prev) => {
      const stations = update(prev.stations);
      return stations === prev.stations ? prev : { ...prev, stations };
    });
  }, []);

  return { stations: current.stations, connection: useLiveConnection(), patch };
}
