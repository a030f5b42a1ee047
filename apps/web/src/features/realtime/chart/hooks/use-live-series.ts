import { type LiveMessage, MINUTE_MS, type RealtimeRecent } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { liveClient, useLiveMessages } from '../../../../lib/live';
import { createMessageBatcher } from '../../data/utils/message-batcher';
import { realtimeRecentQueryOptions } from '../api/get-recent';
import { appendMessages, type ChartSeries, seriesFromRecent } from '../utils/series';

interface SeriesState {
  source: RealtimeRecent | undefined;
  windowMs: number;
  series: ChartSeries;
}

const EMPTY: ChartSeries = new Map();

/**
 * The chart's lines for a device and factors: the recent values of the window, then the device's
 * live real-time values appended in batches. A new choice (device, factors, window) starts over.
 */
export function useLiveSeries(deviceId: number | null, factorCodes: readonly string[], minutes: number) {
  const enabled = deviceId !== null && factorCodes.length > 0;
  const recent = useQuery({ ...realtimeRecentQueryOptions(deviceId ?? 0, factorCodes, minutes), enabled });
  const source = enabled ? recent.data : undefined;

  const [state, setState] = useState<SeriesState>({ source: undefined, windowMs: 0, series: EMPTY });
  let current = state;
  if (state.source !== source) {
    current = {
      source,
      windowMs: minutes * MINUTE_MS,
      series: source ? seriesFromRecent(source.points, factorCodes) : EMPTY,
    };
    setState(current);
  }

  const [batcher] = useState(() =>
    createMessageBatcher<LiveMessage>((messages) =>
      setState((prev) =>
        prev.source
          ? {
              ...prev,
              series: appendMessages(prev.series, messages, {
                deviceId: prev.source.deviceId,
                windowMs: prev.windowMs,
              }),
            }
          : prev,
      ),
    ),
  );
  useEffect(() => () => batcher.dispose(), [batcher]);
  // Values arriving while the fill loads are dropped: the fill is read after them from the store they were written to.
  useLiveMessages('realtime-chart', deviceId === null ? [] : [deviceId], (message) => batcher.push(message));

  // After a gap in the push, the fill is read again (its answer starts the lines over).
  const { refetch } = recent;
  useEffect(() => liveClient.onReconnect(() => void refetch()), [refetch]);

  return { series: current.series, recent, enabled };
}
