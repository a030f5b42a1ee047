import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveMessage } from '@envmon/shared';
import { captureError } from '../error-log';
import { tokenStore } from '../token';
import { createLiveClient, type LiveConnectionState, type LiveSocket } from './live-client';

export { createLiveClient, reconnectDelay, type LiveClient, type LiveConnectionState } from './live-client';

/** The push URL on the console's own origin (the dev server proxies /websocket to the API). */
export function liveUrl(token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/websocket/${encodeURIComponent(token)}`;
}

/** The tab's one push connection. */
export const liveClient = createLiveClient({
  createSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
  url: (token) => liveUrl(token),
  getToken: () => tokenStore.get(),
  watchToken: (listener) => tokenStore.subscribe(listener),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  random: Math.random,
  reportError: (error) => captureError(error, 'error'),
  defer: (callback) => queueMicrotask(callback),
  loadFrameParser: () => import('./live-frame').then((frames) => frames.parseFrame),
});

/**
 * Realtime messages of these devices for the component's lifetime under a unique listener name.
 * The latest onMessage is called, so it need not be memoised; a new device list re-follows.
 */
export function useLiveMessages(name: string, deviceIds: readonly number[], onMessage: (message: LiveMessage) => void): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => liveClient.addListener(name, (message) => handler.current(message)), [name]);
  // A new array with the same ids must not unfollow and re-follow on every render.
  const key = deviceIds.join(',');
  useEffect(() => liveClient.follow(key ? key.split(',').map(Number) : []), [key]);
}

export function useLiveConnection(): LiveConnectionState {
  return useSyncExternalStore(liveClient.onStateChange, liveClient.getState, () => 'closed');
}
