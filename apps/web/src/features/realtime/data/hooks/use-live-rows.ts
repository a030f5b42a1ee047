import type { LiveMessage, RealtimeLatest } from '@envmon/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { liveClient, useLiveConnection, useLiveMessages } from '../../../../lib/live';
import { type LiveRows, mergeMessages, rowsFromLatest } from '../utils/live-rows';
import { createMessageBatcher } from '../utils/message-batcher';

interface LiveState {
  source: RealtimeLatest | undefined;
  rows: LiveRows;
  /** Factor codes first seen in live messages (columns the fetched answer did not have). */
  extraFactors: readonly string[];
}

const EMPTY_ROWS: LiveRows = new Map();

const stateFrom = (source: RealtimeLatest | undefined): LiveState => ({
  source,
  rows: source ? rowsFromLatest(source.devices) : EMPTY_ROWS,
  extraFactors: [],
});

/**
 * The table's rows: the fetched latest values, then every live message of the listed devices
 * applied in batches (at most one render per batch interval). A newly fetched answer starts over.
 * After the push connection comes back, `onReconnect` refetches what was missed meanwhile.
 */
export function useLiveRows(name: string, latest: RealtimeLatest | undefined, onReconnect: () => void) {
  const [state, setState] = useState<LiveState>(() => stateFrom(latest));
  let current = state;
  if (state.source !== latest) {
    current = stateFrom(latest);
    setState(current);
  }

  const [batcher] = useState(() =>
    createMessageBatcher<LiveMessage>((messages) =>
      setState((prev) => {
        const known = new Set([...(prev.source?.factors ?? []).map((f) => f.factorCode), ...prev.extraFactors]);
        const { rows, newFactorCodes } = mergeMessages(prev.rows, messages, known);
        if (rows === prev.rows) return prev;
        const extraFactors = newFactorCodes.length > 0 ? [...prev.extraFactors, ...newFactorCodes] : prev.extraFactors;
        return { ...prev, rows, extraFactors };
      }),
    ),
  );
  useEffect(() => () => batcher.dispose(), [batcher]);

  // Every device of the screen, not only those the filter shows: a device shown again is current at once.
  const deviceIds = useMemo(() => latest?.devices.map((d) => d.deviceId) ?? [], [latest]);
  useLiveMessages(name, deviceIds, (message) => batcher.push(message));

  const reconnect = useRef(onReconnect);
  useEffect(() => {
    reconnect.current = onReconnect;
  });
  useEffect(() => liveClient.onReconnect(() => reconnect.current()), []);
  const connection = useLiveConnection();

  return { rows: current.rows, extraFactors: current.extraFactors, connection };
}
