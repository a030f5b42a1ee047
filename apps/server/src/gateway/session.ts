import type { Socket } from 'node:net';
import type { FrameDecoder } from '@envmon/hj212';
import type { IngestPacket, IngestPipeline } from '../ingest/ingest-pipeline.js';
import type { StationIdentity } from '../modules/device/device.repository.js';
import type { StationLink } from './command-channel.js';

/** One station connection as the gateway holds it. */
export interface Session {
  socket: Socket;
  /** Address and port, as logged and stored. */
  remote: string;
  /** The remote address alone: the unit of the per-address limit and of rejection counts. */
  address: string;
  decoder: FrameDecoder;
  /** The station this connection has carried valid packets of; null until the connection proves itself. */
  station: StationIdentity | null;
  link: StationLink | null;
  /** Identification runs in arrival order; storage and acks do not wait on each other. */
  chain: Promise<void>;
  paused: boolean;
  /** Settles once the socket has closed and the session is released. */
  released: Promise<void>;
  /** Closes the connection when it has not proven itself in time, or has gone idle since. */
  timer: NodeJS.Timeout;
  /** performance.now() of the last accepted packet of its station. */
  lastAccepted: number;
}

/** Hands a packet to storage, slowing this connection down while storage is behind. */
export function storePacket(session: Session, pipeline: IngestPipeline, packet: IngestPacket): Promise<void> {
  const committed = pipeline.submit(packet);
  if (pipeline.saturated && !session.paused) {
    session.paused = true;
    session.socket.pause();
    pipeline.onDrain(() => {
      session.paused = false;
      session.socket.resume();
    });
  }
  return committed;
}

/**
 * Answers written in one turn of the event loop (a committed batch acknowledges several uploads
 * of a station at once) leave in one system call: the socket is corked at the first and uncorked
 * once the turn's callbacks have run.
 */
export function writePacket(session: Session, packet: string): boolean {
  const { socket } = session;
  if (socket.destroyed || !socket.writable) return false;
  if (socket.writableCorked === 0) {
    socket.cork();
    process.nextTick(() => socket.uncork());
  }
  socket.write(packet);
  return true;
}
