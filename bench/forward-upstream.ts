// The minimal upstream of `npm run bench:forward`, forked by bench/forward.ts: a TCP server that parses every
// HJ 212 frame and answers a packet asking for it with its 9014 at once (no storage), so the forwarder's own
// speed shows where an envmon upstream's ingest would be the limit. Counts the packets and the distinct uploads
// (MN and data time) among them: a packet sent twice shows as the difference. Not meant to be run by hand.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { FrameDecoder, serialisePacket } from '@envmon/hj212';
import type { FromServer, ToServer } from './ingest-common.js';

const tellParent = (message: FromServer) => process.send?.(message);
const sockets = new Set<Socket>();
const uploads = new Set<string>();
let received = 0;

const server = createServer((socket) => {
  sockets.add(socket);
  socket.setNoDelay(true);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => undefined);
  const decoder = new FrameDecoder();
  socket.on('data', (chunk: Buffer) => {
    let answers = '';
    for (const item of decoder.push(chunk)) {
      if (item.kind !== 'packet' || !item.result.ok) continue;
      const m = item.result.message;
      received++;
      uploads.add(`${m.mn ?? ''}/${m.dataTime ?? ''}`);
      if (!m.flag?.ack) continue;
      answers += serialisePacket({
        qn: m.qn,
        st: '91',
        cn: '9014',
        pw: m.pw,
        mn: m.mn,
        flag: { value: 4, ack: false, split: false, version: 1 },
        dialect: m.dialect,
        extra: {},
        cp: {},
        factors: [],
      });
    }
    if (answers) socket.write(answers);
  });
});

process.on('message', (message: ToServer) => {
  if (message.type === 'count') tellParent({ type: 'count', received, distinct: uploads.size });
  // It holds no station connections (bench-parent-side's ServerChild.close waits for none).
  else if (message.type === 'connections') tellParent({ type: 'connections', count: 0 });
  else if (message.type === 'close') {
    for (const s of sockets) s.destroy();
    server.close(() => {
      tellParent({ type: 'closed' });
      process.disconnect();
    });
  }
});

server.listen(0, '127.0.0.1', () => {
  tellParent({ type: 'ready', port: (server.address() as AddressInfo).port });
});
