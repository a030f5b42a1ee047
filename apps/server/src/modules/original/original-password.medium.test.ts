import { frameSegment } from '@envmon/hj212';
import type { OriginalPacket, OriginalParsed, Page } from '@envmon/shared';
import { DAY_MS } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, downloadWorkbook, login, query, useTestApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

/**
 * Issue 13 hole 5: with a station's MN and PW anyone can send data as that station, so the PW of a stored
 * packet (and the wrong one of a rejected attempt, and a new one a packet carries in its CP) is shown only to
 * those who may edit devices — in the list, the parsed view and the export alike.
 */
const ORIGINAL = '/data/original/rest';
const SECRETS = ['Station-Pw-1', 'Guess-Pw-9', 'Next-Pw-2'];

describe('station passwords in original packets (issue 13, hole 5)', () => {
  const t = useTestApp();
  let admin: string;
  let base: number;
  const range = () => ({ beginTime: String(base - DAY_MS), endTime: String(base + DAY_MS) });

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    const station = await insertDevice(t(), 'PW-01');
    base = t().clock.now();
    const rows = [
      { pw: 'Station-Pw-1', cp: 'DataTime=20260101080000;w01018-Rtd=1', accepted: 1, reason: null },
      { pw: 'Guess-Pw-9', cp: 'DataTime=20260101080000;w01018-Rtd=2', accepted: 0, reason: 'wrong PW=Guess-Pw-9' },
      { pw: 'Station-Pw-1', cp: 'NewPW=Next-Pw-2', accepted: 1, reason: null },
    ];
    await query(t(), (db) =>
      db
        .insertInto('originalPackets')
        .values(
          rows.map((r, i) => ({
            receivedAt: base - i * 1000,
            remote: '10.0.0.7:40001',
            deviceId: station,
            mn: 'PW-01',
            cn: '2011',
            qn: null,
            dataTime: null,
            raw: frameSegment(`QN=20260101080000000;ST=21;CN=2011;PW=${r.pw};MN=PW-01;Flag=5;CP=&&${r.cp}&&`),
            accepted: r.accepted,
            reason: r.reason,
          })),
        )
        .execute(),
    );
  });

  /** Everything a user reads of the packets: the page, each packet parsed, and the exported file's cells. */
  async function everything(token: string): Promise<string> {
    const page = await call<Page<OriginalPacket>>(t().app, token, 'GET', `${ORIGINAL}/get`, { query: range() });
    expect(page.total).toBe(3);
    const parsed = await Promise.all(
      page.list.map((p) =>
        call<OriginalParsed>(t().app, token, 'GET', `${ORIGINAL}/getParsed`, { query: { id: String(p.id) } }),
      ),
    );
    expect(parsed.every((p) => p.ok)).toBe(true);
    const { url } = await call<{ url: string }>(t().app, token, 'GET', `${ORIGINAL}/export`, {
      query: { ...range(), exportSpecialFlag: '1' },
    });
    const workbook = await downloadWorkbook(t().app, url);
    const cells: string[] = [];
    workbook.worksheets[0]?.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text))));
    expect(cells.some((c) => c.includes('MN=PW-01'))).toBe(true);
    return JSON.stringify([page, parsed, cells]);
  }

  it('masks every PW for a reader who may not edit devices', async () => {
    const reader = await userWith(t(), admin, 'pw-reader', ['query.original']);
    const text = await everything(reader);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).toContain('PW=******');
    expect(text).toContain('NewPW=******');
    expect(text).toContain('"PW":"******"');
  });

  it('shows them to whoever may edit devices, the station password being theirs to set', async () => {
    const editor = await userWith(t(), admin, 'pw-editor', ['query.original', 'system.device', 'system.device:write']);
    for (const token of [editor, admin]) {
      const text = await everything(token);
      for (const secret of SECRETS) expect(text).toContain(secret);
    }
  });
});
