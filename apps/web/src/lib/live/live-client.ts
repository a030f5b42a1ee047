import {
  LIVE_CLOSE,
  LIVE_MAX_SUBSCRIBED_DEVICES,
  type Alarm,
  type LiveMessage,
  type LiveRequest,
} from '@envmon/shared';
import type { Frame } from './live-frame';

/**
 * The console's one push connection per tab (SPEC section 7 'Live push'): alarm arrays for the
 * badge, realtime frames for listeners registered by name, the union of followed devices sent as
 * one subscribe request. It connects while someone uses it and a token exists, reconnects with
 * exponential back-off and jitter, and tells onReconnect listeners so that they reload what a
 * gap may have hidden.
 */

export type LiveConnectionState = 'connecting' | 'open' | 'closed';

/** The part of the browser's WebSocket the client uses, so tests can hand in a fake. */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveClientDeps {
  createSocket(url: string): LiveSocket;
  /** The push URL for a token. */
  url(token: string): string;
  getToken(): string | null;
  /** Calls back when the token may have changed (sign-in, sign-out, another tab); returns the unsubscribe. */
  watchToken(listener: () => void): () => void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** In [0, 1): the jitter. */
  random(): number;
  /** A listener threw; the others still run. */
  reportError(error: unknown): void;
  /** Runs after the current task: several follows in one render become one subscribe request. */
  defer(callback: () => void): void;
  /**
   * The frame check (./live-frame.ts, the live schemas as JSON Schema), loaded as the first connection is made: a
   * frame is handed on only once it has passed it. A failed load is reported and its waiting frames dropped; the
   * next frame tries again.
   */
  loadFrameParser(): Promise<(text: string) => Frame>;
}

/** First retry after about a second, doubling up to about half a minute. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** WebSocket.OPEN, without relying on a global in tests. */
const SOCKET_OPEN = 1;

/**
 * Delay before reconnect attempt `attempt` (0-based): exponential, capped, with "equal jitter"
 * (half fixed, half random) so a server restart is not met by every console at the same instant.
 */
export function reconnectDelay(attempt: number, random: number): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

export function createLiveClient(deps: LiveClientDeps) {
  const listeners = new Map<string, (message: LiveMessage) => void>();
  const alarmListeners = new Set<(alarms: Alarm[]) => void>();
  const reconnectListeners = new Set<() => void>();
  const stateListeners = new Set<() => void>();
  /** One entry per follow() call, so two screens following the same device do not unfollow each other. */
  const follows = new Set<readonly number[]>();

  let socket: LiveSocket | null = null;
  let state: LiveConnectionState = 'closed';
  let token: string | null = null;
  let attempt = 0;
  let retryTimer: unknown = null;
  /** True once a connection has opened: the next open is a reconnect. */
  let everOpened = false;
  /** The last subscribe request sent on the current socket (sorted ids joined), to skip repeats. */
  let sentUnion: string | null = null;
  let flushPending = false;
  let unwatchToken: (() => void) | null = null;
  let parse: ((text: string) => Frame) | null = null;
  /** Frames received while the parser loads, with the socket each came on. */
  let waiting: { from: LiveSocket; text: string }[] = [];
  let parserLoading = false;

  function setState(next: LiveConnectionState): void {
    if (state === next) return;
    state = next;
    for (const listener of stateListeners) listener();
  }

  function callSafely<A>(listener: (arg: A) => void, arg: A): void {
    try {
      listener(arg);
    } catch (error) {
      deps.reportError(error);
    }
  }

  function inUse(): boolean {
    return listeners.size > 0 || alarmListeners.size > 0 || reconnectListeners.size > 0 || follows.size > 0;
  }

  function union(): number[] {
    const ids = new Set<number>();
    for (const follow of follows) for (const id of follow) ids.add(id);
    // The server refuses a longer request; the first ones still get their data.
    return [...ids].sort((a, b) => a - b).slice(0, LIVE_MAX_SUBSCRIBED_DEVICES);
  }

  function sendSubscribe(): void {
    if (!socket || socket.readyState !== SOCKET_OPEN) return;
    const deviceIds = union();
    const key = deviceIds.join(',');
    // Nothing followed yet on a fresh socket: the server's default (no data frames) already says so.
    if (key === (sentUnion ?? '')) return;
    const request: LiveRequest = { type: 'subscribe', deviceIds };
    socket.send(JSON.stringify(request));
    sentUnion = key;
  }

  function scheduleSubscribe(): void {
    if (flushPending) return;
    flushPending = true;
    deps.defer(() => {
      flushPending = false;
      sendSubscribe();
    });
  }

  function clearRetry(): void {
    if (retryTimer !== null) deps.clearTimeout(retryTimer);
    retryTimer = null;
  }

  function dropSocket(): void {
    if (!socket) return;
    const old = socket;
    socket = null;
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    old.close();
  }

  function loadParser(): void {
    if (parserLoading) return;
    parserLoading = true;
    deps.loadFrameParser().then(
      (loaded) => {
        parserLoading = false;
        parse = loaded;
        const frames = waiting;
        waiting = [];
        // A frame of a socket since dropped is dropped with it, as it would have been had it come later.
        for (const { from, text } of frames) if (from === socket) deliver(loaded(text));
      },
      (error: unknown) => {
        parserLoading = false;
        waiting = [];
        deps.reportError(error);
      },
    );
  }

  function onMessage(from: LiveSocket, data: unknown): void {
    if (typeof data !== 'string') return;
    if (parse) {
      deliver(parse(data));
      return;
    }
    waiting.push({ from, text: data });
    loadParser();
  }

  function deliver(frame: Frame): void {
    switch (frame.kind) {
      case 'alarms':
        for (const listener of alarmListeners) callSafely(listener, frame.alarms);
        break;
      case 'message':
        for (const listener of listeners.values()) callSafely(listener, frame.message);
        break;
      case 'invalid':
        break;
    }
  }

  function connect(): void {
    clearRetry();
    dropSocket();
    if (!token || !inUse()) {
      setState('closed');
      return;
    }
    const current = deps.createSocket(deps.url(token));
    socket = current;
    // The frame check loads beside the handshake, not with the screen: the first frame rarely waits for it.
    if (!parse) loadParser();
    sentUnion = null;
    setState('connecting');
    current.onopen = () => {
      attempt = 0;
      setState('open');
      sendSubscribe();
      if (everOpened) for (const listener of reconnectListeners) callSafely(listener, undefined);
      everOpened = true;
    };
    current.onmessage = (event) => onMessage(current, event.data);
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      setState('closed');
      // A refused token stays refused: wait for a new one (sign-in) instead of retrying.
      if (event.code === LIVE_CLOSE.badToken) return;
      retryTimer = deps.setTimeout(() => {
        retryTimer = null;
        connect();
      }, reconnectDelay(attempt++, deps.random()));
    };
    // The close event follows an error; reconnecting is its job.
    current.onerror = null;
  }

  /** Opens the connection on first use, closes it when the last user leaves. */
  function usageChanged(): void {
    if (inUse()) {
      if (!unwatchToken) {
        unwatchToken = deps.watchToken(tokenChanged);
        token = deps.getToken();
        attempt = 0;
        connect();
      }
    } else if (unwatchToken) {
      unwatchToken();
      unwatchToken = null;
      clearRetry();
      dropSocket();
      everOpened = false;
      setState('closed');
    }
  }

  function tokenChanged(): void {
    const next = deps.getToken();
    if (next === token) return;
    token = next;
    attempt = 0;
    // A new sign-in starts afresh: its alarms are loaded by whoever mounts for it.
    everOpened = false;
    connect();
  }

  function register<T>(set: Set<T>, item: T): () => void {
    set.add(item);
    usageChanged();
    return () => {
      if (set.delete(item)) usageChanged();
    };
  }

  return {
    /** Realtime messages for a named listener; a duplicate name is rejected (SPEC section 7). */
    addListener(name: string, listener: (message: LiveMessage) => void): () => void {
      if (listeners.has(name)) throw new Error(`live listener '${name}' is already registered`);
      listeners.set(name, listener);
      usageChanged();
      return () => {
        if (listeners.get(name) === listener && listeners.delete(name)) usageChanged();
      };
    },
    /** Pushed alarm arrays (raised, updated, cleared). */
    onAlarms(listener: (alarms: Alarm[]) => void): () => void {
      return register(alarmListeners, listener);
    },
    /** Follows these devices' data and status until the returned function is called. */
    follow(deviceIds: readonly number[]): () => void {
      const entry = [...deviceIds];
      const release = register(follows, entry);
      scheduleSubscribe();
      return () => {
        release();
        scheduleSubscribe();
      };
    },
    /** Called after a lost connection is back: reload what may have been missed. */
    onReconnect(listener: () => void): () => void {
      return register(reconnectListeners, listener);
    },
    // Arrow properties: useSyncExternalStore receives them detached from the client.
    getState: (): LiveConnectionState => state,
    onStateChange: (listener: () => void): (() => void) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
  };
}

export type LiveClient = ReturnType<typeof createLiveClient>;
