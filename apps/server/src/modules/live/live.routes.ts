import websocket from '@fastify/websocket';
import { LIVE_CLOSE, liveRequestSchema, PUBLIC } from '@envmon/shared';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.js';
import { LAGGING_CLOSE_CODE, LiveHub, type LiveConnection, type LiveSocket, type LiveViewer } from './live.hub.js';
import { pushDomainEvents } from './live.push.js';
import type { LiveAccessService } from './live.service.js';

/** A subscribe request for the most devices a connection may follow fits well inside this. */
export const LIVE_MAX_PAYLOAD_BYTES = 128 * 1024;
/** Past this much unsent data a console is a slow consumer (about a second of a busy wall of stations). */
export const LIVE_MAX_BUFFERED_BYTES = 1024 * 1024;
/** A socket that misses a ping for this long is closed (a vanished laptop, a dropped NAT mapping). */
export const LIVE_HEARTBEAT_MS = 30_000;
/**
 * How often an open connection's session and rights are checked again: a signed-out or expired
 * session stops receiving, a new device binding starts. Three small reads per console each time.
 */
export const LIVE_REVIEW_MS = 5 * 60_000;

export interface LiveRouteOptions {
  heartbeatMs?: number;
  reviewMs?: number;
  maxBufferedBytes?: number;
}

/** The `ws` socket as the route uses it: the hub's part plus its events. */
interface WsSocket extends LiveSocket {
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'pong' | 'close', listener: () => void): void;
}

type LiveRequest = FastifyRequest<{ Params: { token: string } }>;

/**
 * WebSocket push at /websocket/{token} (SPEC section 7 'Live push'): alarm arrays for the devices
 * the user may see, realtime frames for the devices a connection follows. Processors publish on
 * the bus; pushDomainEvents (live.push.ts) fans their events out to this hub's connections.
 */
export async function liveRoutes(
  app: App,
  access: LiveAccessService,
  options: LiveRouteOptions = {},
): Promise<LiveHub> {
  const log = app.log.child({ module: 'live' });
  const hub = new LiveHub({
    maxBufferedBytes: options.maxBufferedBytes ?? LIVE_MAX_BUFFERED_BYTES,
    onLagging: (connection) => {
      log.warn({ userId: connection.viewer.userId }, 'closing a slow push consumer that missed an alarm frame');
      connection.socket.close(LAGGING_CLOSE_CODE, 'too slow');
      hub.remove(connection);
    },
  });

  // Before the plugin's own preClose: consoles learn it is a shutdown, not a network fault.
  app.addHook('preClose', (done) => {
    hub.closeAll(LIVE_CLOSE.serverShutdown, 'server shutting down');
    done();
  });
  await app.register(websocket, { options: { maxPayload: LIVE_MAX_PAYLOAD_BYTES } });

  const stopPush = pushDomainEvents(app.bus, hub);

  // Checked before the upgrade completes, so that the handler has the answer when the first frame arrives.
  const viewers = new WeakMap<LiveRequest, LiveViewer | null>();
  const tokens = new WeakMap<LiveConnection, string>();

  async function review(connection: LiveConnection): Promise<void> {
    const viewer = await access.viewerOf(tokens.get(connection) ?? '');
    if (viewer) {
      hub.reviewed(connection, viewer);
    } else {
      connection.socket.close(LIVE_CLOSE.badToken, 'session ended');
      hub.remove(connection);
    }
  }

  const timers = [
    setInterval(() => hub.heartbeat(), options.heartbeatMs ?? LIVE_HEARTBEAT_MS),
    setInterval(() => {
      for (const connection of hub.all()) {
        review(connection).catch((err: unknown) => log.error({ err }, 'could not review a push connection'));
      }
    }, options.reviewMs ?? LIVE_REVIEW_MS),
  ];
  for (const timer of timers) timer.unref();
  app.addHook('onClose', () => {
    for (const timer of timers) clearInterval(timer);
    stopPush();
  });

  function onFrame(connection: LiveConnection, data: Buffer, isBinary: boolean, latest: { seq: number }): void {
    let json: unknown = null;
    try {
      json = isBinary ? null : JSON.parse(data.toString('utf8'));
    } catch {
      // Reported below as a bad frame.
    }
    const request = liveRequestSchema.safeParse(json);
    if (!request.success) {
      log.warn({ userId: connection.viewer.userId }, 'ignored a bad push request frame');
      return;
    }
    // Bindings may have changed since the connection opened; only the newest request applies.
    const seq = ++latest.seq;
    access.viewerFor(connection.viewer.userId).then(
      (viewer) => {
        if (seq === latest.seq) hub.follow(connection, request.data.deviceIds, viewer);
      },
      (err: unknown) => log.error({ err }, 'could not load the devices of a push connection'),
    );
  }

  app.get<{ Params: { token: string } }>(
    '/websocket/:token',
    {
      websocket: true,
      // The token travels in the path (browsers cannot set headers on a WebSocket); checked below.
      config: { permission: PUBLIC, operationLog: false },
      preHandler: async (request) => {
        viewers.set(request, await access.viewerOf(request.params.token));
      },
    },
    (socket: WsSocket, request: LiveRequest) => {
      const viewer = viewers.get(request);
      if (!viewer) {
        // Accepted then closed, so that the console reads the code rather than a failed handshake.
        socket.close(LIVE_CLOSE.badToken, 'invalid or expired token');
        return;
      }
      const connection = hub.add(socket, viewer);
      tokens.set(connection, request.params.token);
      const latest = { seq: 0 };
      socket.on('message', (data, isBinary) => onFrame(connection, data, isBinary, latest));
      socket.on('pong', () => hub.pong(connection));
      socket.on('close', () => hub.remove(connection));
    },
  );
  return hub;
}
