import type { Device } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../events/bus.js';
import { ADMIN_PASSWORD, call, login, useTestApp } from '../../test/harness.js';
import { packet, useStationClients } from '../../test/station-client.js';

/**
 * A real station registered through the device form is heard (issue 14, point 12): its 24-character
 * access password, entered in the console, is the one the gateway then asks of its packets.
 */
const t = useTestApp({ gateway: { commandOptions: { timeoutMs: 300, retries: 3 } } });
const station = useStationClients(t);

/** HJ212.md vector V02: a real air station's hourly upload with its 24-character PW. */
const V02_MN = 'Z13401000010301';
const REAL_PW = 'BF470F88957588DE902D1A52';
const V02 =
  '##0285QN=20190925181031464;ST=22;CN=2061;PW=BF470F88957588DE902D1A52;MN=Z13401000010301;Flag=5;CP=&&DataTime=20190924220000;a34006-Avg=2.69700,a34006-Flag=N;a34007-Avg=7.96600,a34007-Flag=N;a34048-Avg=3.30600,a34048-Flag=N;a34047-Avg=7.35700,a34047-Flag=N;a34049-Avg=10.66300,a34049-Flag=N&&C181\r\n';

describe('a station with a 24-character password, registered through the device API', () => {
  beforeAll(async () => {
    const admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    const device = await call<Device>(t().app, admin, 'POST', '/manager/system/device/rest/add', {
      payload: {
        lng: 117.2,
        lat: 31.8,
        installName: '安装员',
        installDate: Date.UTC(2019, 8, 1),
        contactCompany: '监测站',
        contactPerson: '李四',
        contactPhone: '13800138000',
        maintainId: 1,
        deviceName: '空气站 V02',
        deviceCode: V02_MN,
        deviceType: '22',
        intervalTime: 3600,
        password: REAL_PW,
      },
    });
    expect(device.password).toBe(REAL_PW);
  });

  it('is answered for its real packet and refused with another password', async () => {
    const rejected: DomainEvents['packet.rejected'][] = [];
    const off = t().app.bus.subscribe('packet.rejected', (e) => rejected.push(e));
    try {
      const client = await station();
      await client.write(V02);
      const ack = await client.waitFor((m) => m.cn === '9014' && m.qn === '20190925181031464');
      expect(ack).toMatchObject({ mn: V02_MN, pw: REAL_PW });

      await client.write(
        packet({
          mn: V02_MN,
          st: '22',
          cn: '2061',
          pw: '123456',
          qn: '20190925191031464',
          dataTime: '20190924230000',
          factors: { a34006: { Avg: '2.5', Flag: 'N' } },
        }),
      );
      await expect.poll(() => rejected.map((r) => r.reason)).toEqual(['wrong PW']);
    } finally {
      off();
    }
  });
});
