import type { Alarm, LiveMessage, RealtimeFrame } from '@envmon/shared';

/**
 * The fan-out of live push (SPEC section 7 'Live push'), free of Fastify and `ws` so it is tested
 * with fakes: connections indexed by followed device, each message serialised once, slow sockets
 * skipped instead of buffered without bound, dead sockets closed by the heartbeat.
 */

/** The part of a `ws` socket the hub uses. */
export interface LiveSocket {
  readonly readyState: number;
  /** Bytes queued but not yet written to the network. */
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

/** Who is at the other end, and what they may see. */
export interface LiveViewer {
  userId: number;
  /** The devices the user may see (device-scope.ts); null for every device (admin, or a user bound to none). */
  devices: ReadonlySet<number> | null;
  /** Holds the alarm list resource: receives alarm frames. */
  alarms: boolean;
}

export interface LiveConnection {
  readonly socket: LiveSocket;
  viewer: LiveViewer;
  /** The devices the console asked for. */
  requested: readonly number[];
  /** Those of them the viewer may see. */
  following: ReadonlySet<number>;
  /** Answered the last ping. */
  alive: boolean;
  /** Frames skipped because the socket was backed up (for the log). */
  dropped: number;
}

export interface LiveHubOptions {
  /** A socket with more than this queued is a slow consumer: realtime frames skip it. */
  maxBufferedBytes: number;
  /** A slow consumer missed an alarm frame; it is closed so that it reconnects and reloads. */
  onLagging(connection: LiveConnection): void;
}

/** WebSocket.OPEN. */
const OPEN = 1;

/** 'Try again later': the client reconnects and reloads current alarms. */
export const LAGGING_CLOSE_CODE = 1013;

export class LiveHub {
  private readonly connections = new Set<LiveConnection>();
  private readonly byDevice = new Map<number, Set<LiveConnection>>();

  constructor(private readonly options: LiveHubOptions) {}

  get size(): number {
    return this.connections.size;
  }

  add(socket: LiveSocket, viewer: LiveViewer): LiveConnection {
    const connection: LiveConnection = { socket, viewer, requested: [], following: new Set(), alive: true, dropped: 0 };
    this.connections.add(connection);
    return connection;
  }

  remove(connection: LiveConnection): void {
    if (!this.connections.delete(connection)) return;
    this.index(connection, connection.following, false);
  }

  /** Replaces what the connection follows (and who it is, when visibility was reloaded); unseen devices are ignored. */
  follow(connection: LiveConnection, deviceIds: readonly number[], viewer: LiveViewer = connection.viewer): void {
    if (!this.connections.has(connection)) return;
    const visible = viewer.devices;
    const next = new Set(visible ? deviceIds.filter((id) => visible.has(id)) : deviceIds);
    this.index(connection, connection.following, false);
    connection.viewer = viewer;
    connection.requested = deviceIds;
    connection.following = next;
    this.index(connection, next, true);
  }

  /** The viewer's rights were reloaded: what it follows is filtered again from what it asked for. */
  reviewed(connection: LiveConnection, viewer: LiveViewer): void {
    this.follow(connection, connection.requested, viewer);
  }

  /** A snapshot, safe to iterate while connections come and go. */
  all(): LiveConnection[] {
    return [...this.connections];
  }

  /** Whether any connection follows the device (lets publishers skip building a message nobody reads). */
  followed(deviceId: number): boolean {
    return this.byDevice.has(deviceId);
  }

  /** One frame per connection with the alarms of devices it may see; none when it may see none of them. */
  publishAlarms(alarms: readonly Alarm[]): void {
    if (alarms.length === 0) return;
    let everything: string | null = null;
    // Users bound to the same devices share one serialisation.
    const bySelection = new Map<string, string>();
    for (const connection of this.connections) {
      const { viewer } = connection;
      if (!viewer.alarms) continue;
      const visible = viewer.devices;
      const seen = visible ? alarms.filter((alarm) => visible.has(alarm.deviceId)) : alarms;
      if (seen.length === 0) continue;
      let frame: string;
      if (seen.length === alarms.length) {
        frame = everything ??= JSON.stringify(alarms);
      } else {
        const key = seen.map((alarm) => alarm.id).join(',');
        frame = bySelection.get(key) ?? JSON.stringify(seen);
        bySelection.set(key, frame);
      }
      if (!this.send(connection, frame)) this.options.onLagging(connection);
    }
  }

  /** A realtime frame to the connections following the message's device. */
  publishMessage(message: LiveMessage): void {
    const followers = this.byDevice.get(message.deviceId);
    if (!followers) return;
    const frame: RealtimeFrame = { status: 200, desc: JSON.stringify(message) };
    const text = JSON.stringify(frame);
    for (const connection of followers) {
      // Realtime values are superseded by the next ones: a slow screen just misses some.
      if (!this.send(connection, text)) connection.dropped += 1;
    }
  }

  /** Closes the sockets that missed the last ping, pings the others. */
  heartbeat(): void {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        this.remove(connection);
        continue;
      }
      connection.alive = false;
      if (connection.socket.readyState === OPEN) connection.socket.ping();
    }
  }

  pong(connection: LiveConnection): void {
    connection.alive = true;
  }

  closeAll(code: number, reason: string): void {
    for (const connection of [...this.connections]) {
      connection.socket.close(code, reason);
      this.remove(connection);
    }
  }

  /** False when the socket is backed up past the limit and the frame was skipped. */
  private send(connection: LiveConnection, text: string): boolean {
    const { socket } = connection;
    if (socket.readyState !== OPEN) return true;
    if (socket.bufferedAmount > this.options.maxBufferedBytes) return false;
    socket.send(text);
    return true;
  }

  private index(connection: LiveConnection, deviceIds: ReadonlySet<number>, add: boolean): void {
    for (const id of deviceIds) {
      let set = this.byDevice.get(id);
      if (add) {
        if (!set) this.byDevice.set(id, (set = new Set()));
        set.add(connection);
      } else if (set) {
        set.delete(connection);
        if (set.size === 0) this.byDevice.delete(id);
      }
    }
  }
}
