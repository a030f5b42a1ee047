// Our server in `npm run bench:forward`, forked by bench/forward.ts: the real app with its HJ 212 gateway and the
// `forward` service part on a migrated database, the benchmark's stations registered as devices. The parent has
// it configure one upstream (disabled) forwarding every station's minute data (2051, acknowledged) through the
// settings routes, fills the queue, then has it enable the upstream: the settings change starts the drain, as a
// user's save would. Not meant to be run by hand.
import { buildApp } from '@envmon/server/dist/app.js';
import type { App } from '@envmon/server/dist/app-types.js';
import {
  ADMIN_PASSWORD,
  answerParent,
  benchConfig,
  registerStations,
  runServerChild,
  timeWriteBatches,
} from './bench-server-side.js';
import type { FromServer, ServerSetup, ToServer } from './ingest-common.js';

const BASE = '/manager/settings/transferformat/rest';
/** Devices per `updates` call (the contract's page size). */
const DEVICES_PER_CALL = 200;

const writes = timeWriteBatches();
const tellParent = (message: FromServer) => process.send?.(message);

async function call(app: App, token: string | null, url: string, payload: object): Promise<unknown> {
  const response = await app.inject({ method: 'POST', url, payload, headers: token ? { token } : {} });
  const envelope = response.json<{ status: number; desc: string; data: unknown }>();
  if (envelope.status !== 200) throw new Error(`${url}: ${envelope.status} ${envelope.desc}`);
  return envelope.data;
}

runServerChild('bench/forward-server.js', async (s: ServerSetup) => {
  const config = benchConfig(s.databaseUrl, s.dir, { maxConnections: s.maxConnections });
  const app = await buildApp({ config, gateway: true, forward: true });
  const deviceIds = await registerStations(config, [{ group: s.group, count: s.stations }]);
  const { token } = (await call(app, null, '/manager/system/login/rest/login', {
    userName: 'admin',
    password: ADMIN_PASSWORD,
  })) as { token: string };
  let upstream: Record<string, unknown> = {};
  process.on('message', (message: ToServer) => {
    const answer = async () => {
      if (message.type === 'configure') {
        upstream = {
          name: 'Bench upstream',
          host: message.host,
          port: message.port,
          protocol: '2017',
          st: '21',
          password: '123456',
          ackRequired: true,
          overTimeSeconds: 10,
          reCount: 3,
          enabled: false,
        };
        const saved = (await call(app, token, `${BASE}/update`, upstream)) as { id: number };
        upstream = { ...upstream, id: saved.id };
        const devices = Object.entries(deviceIds).map(([mn, deviceId]) => ({
          deviceId,
          // The upstream knows the station by the same MN (its own device, registered there).
          upstreamMn: mn,
          upstreamPassword: '123456',
          cns: ['2051'],
        }));
        for (let i = 0; i < devices.length; i += DEVICES_PER_CALL) {
          await call(app, token, `${BASE}/updates`, {
            upstreamId: saved.id,
            devices: devices.slice(i, i + DEVICES_PER_CALL),
          });
        }
        tellParent({ type: 'configured', upstreamDevices: devices.length });
      } else if (message.type === 'enable') {
        await call(app, token, `${BASE}/update`, { ...upstream, enabled: true });
        tellParent({ type: 'enabled' });
      }
      // The rest is answerParent's.
    };
    answer().catch((err: unknown) => tellParent({ type: 'failed', error: String(err) }));
  });
  answerParent(app, writes, { type: 'ready', port: app.stations?.port ?? 0, deviceIds });
});
