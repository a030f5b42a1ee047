import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { FrameDecoder, type Hj212Message, serialisePacket } from '@envmon/hj212';
import type { Upstream } from '@envmon/shared';
import { call, query, type TestApp } from '../../test/harness.js';

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

/**
 * The stored hours the forwarding tests send: per hour of `hours` (the i-th), COD (w01018) 20 + i and ammonia
 * nitrogen (w21003) 0.25 + i/100, each with min and max ±1, written straight to our measurements (as if received
 * before the upstream was set up: nothing announces them to the forwarder).
 */
export async function storeHours(app: TestApp, deviceId: number, hours: readonly number[]): Promise<void> {
  await query(app, (db) =>
    db
      .insertInto('measurements')
      .values(
        hours.flatMap((dataTime, i) =>
          (
            [
              ['w01018', 20 + i],
              ['w21003', 0.25 + i / 100],
            ] as const
          ).map(([factorCode, value]) => ({
            deviceId,
            kind: 'hour' as const,
            dataTime,
            factorCode,
            value,
            min: value - 1,
            max: value + 1,
            cou: null,
            flag: 'N',
            quality: 'N',
            receivedAt: dataTime,
          })),
        ),
      )
      .execute(),
  );
}

/**
 * The upstream 'Province' added through the settings route (HJ 212-2017, ST 21, a 5 s time-out, one resend), at the
 * gateway of the app that plays it; answers its id.
 */
export async function addProvince(ours: TestApp, token: string, upstream: TestApp): Promise<number> {
  const saved = await call<Upstream>(ours.app, token, 'POST', '/manager/settings/transferformat/rest/update', {
    payload: {
      name: 'Province',
      host: '127.0.0.1',
      port: upstream.app.stations!.port,
      protocol: '2017',
      st: '21',
      password: 'unused',
      overTimeSeconds: 5,
      reCount: 1,
    },
  });
  return saved.id;
}
