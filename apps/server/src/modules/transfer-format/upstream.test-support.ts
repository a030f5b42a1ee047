import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { FrameDecoder, type Hj212Message, serialisePacket } from '@envmon/hj212';

/** A fake upstream on a loopback port: records what it receives and answers as `answer` says. */
export async function fakeUpstream(answer: (message: Hj212Message, socket: Socket, count: number) => void) {
  const received: Hj212Message[] = [];
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    const decoder = new FrameDecoder();
    socket.on('data', (chunk) => {
      for (const item of decoder.push(chunk)) {
        if (item.kind !== 'packet' || !item.result.ok) continue;
        received.push(item.result.message);
        answer(item.result.message, socket, received.length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    dropClients: () => sockets.forEach((s) => s.destroy()),
    /** Writes to the newest connection. */
    toClient: (packet: string) => sockets.at(-1)?.write(packet),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

export const reply = (to: Hj212Message, cn: string, cp: Record<string, string> = {}) =>
  serialisePacket({
    qn: to.qn,
    st: '91',
    cn,
    pw: to.pw,
    mn: to.mn,
    flag: { value: 4, ack: false, split: false, version: 1 },
    dialect: 'hj212-2017',
    extra: {},
    cp,
    factors: [],
  });
