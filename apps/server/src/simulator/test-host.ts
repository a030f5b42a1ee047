/**
 * Test support: a minimal HJ 212 host on a real TCP port (port 0), which records what stations send, answers
 * uploads with 9014 when told to, and can push requests or drop connections.
 */
import { EventEmitter } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { FrameDecoder, makeFlag, serialisePacket, type Hj212Message } from '@envmon/hj212';

export interface ReceivedPacket {
  message: Hj212Message;
  text: string;
  /** 1-based number of the connection it came on. */
  connection: number;
}

/** Uploads the gateway answers: data, the answers to requests (3015, 3017–3020), and the 1013 notify. */
const ACK_CNS = new Set(['2011', '2051', '2061', '2031', '1013', '3015', '3017', '3018', '3019', '3020']);

export class TestHost {
  readonly received: ReceivedPacket[] = [];
  /** Answer uploads (Flag with the A bit) with 9014, and the 1013 notify with 9013. */
  autoAck = true;
  /** Called for each packet after recording; may answer through `send`. */
  onPacket: ((packet: ReceivedPacket) => void) | undefined;
  connections = 0;
  closedConnections = 0;
  private readonly sockets = new Set<Socket>();
  private readonly events = new EventEmitter();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<TestHost> {
    const server = createServer();
    const host = new TestHost(server);
    server.on('connection', (socket) => host.accept(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return host;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Packets of one CN, in arrival order. */
  ofCn(cn: string): ReceivedPacket[] {
    return this.received.filter((p) => p.message.cn === cn);
  }

  /** Writes to every open connection. */
  send(text: string | Uint8Array): void {
    for (const socket of this.sockets) socket.write(text);
  }

  sendMessage(message: Partial<Hj212Message> & { st: string; cn: string }): void {
    this.send(serialisePacket({ dialect: 'hj212-2017', extra: {}, cp: {}, factors: [], ...message }));
  }

  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Resolves when `condition` holds, checked after every packet and connection change; rejects after `timeoutMs`. */
  async until(condition: () => boolean, description: string, timeoutMs = 5000): Promise<void> {
    if (condition()) return;
    await new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (!condition()) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for: ${description}`));
      }, timeoutMs);
      // Conditions on the station's side change without a host event.
      const poll = setInterval(check, 10);
      const cleanup = (): void => {
        clearTimeout(timer);
        clearInterval(poll);
        this.events.off('change', check);
      };
      this.events.on('change', check);
    });
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    const connection = ++this.connections;
    const decoder = new FrameDecoder();
    socket.on('data', (chunk: Buffer) => {
      for (const item of decoder.push(chunk)) {
        if (item.kind !== 'packet' || !item.result.ok) continue;
        const packet: ReceivedPacket = {
          message: item.result.message,
          text: new TextDecoder().decode(item.raw),
          connection,
        };
        this.received.push(packet);
        const m = packet.message;
        if (this.autoAck && m.flag?.ack === true && ACK_CNS.has(m.cn)) {
          this.sendMessage({
            qn: m.qn,
            st: '91',
            cn: m.cn === '1013' ? '9013' : '9014',
            pw: m.pw,
            mn: m.mn,
            flag: makeFlag(4),
            cp: {},
          });
        }
        this.onPacket?.(packet);
        this.events.emit('change');
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.closedConnections++;
      this.events.emit('change');
    });
  }
}
