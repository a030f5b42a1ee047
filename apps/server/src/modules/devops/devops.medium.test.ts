import { type DevopsFile, type DevopsRecord, LIMITS, MESSAGES, type Page, HOUR_MS } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { chunkedUpload, chunkedUploadHeaders } from '../../test/chunked-upload.js';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const BASE = '/manager/settings/devops/rest';
const T0 = Date.UTC(2026, 2, 1, 1);
/** A tiny PNG: the signature and an IHDR chunk are enough for a byte-for-byte round trip. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('settings › devops: maintenance records and their attachments', () => {
  const t = useTestApp();
  let admin: string;
  let north: number;
  let south: number;
  let project: number;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    north = await insertDevice(t(), 'OPS-N');
    south = await insertDevice(t(), 'OPS-S');
    project = await query(t(), async (db) => {
      const { id } = await db
        .insertInto('deployClassify')
        .values({ deployName: 'OPS project', deployNameEn: null, deployType: 1, createTime: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('devices').set({ projectId: id }).where('id', '=', north).execute();
      return id;
    });
  });

  const add = (payload: Record<string, unknown>) =>
    call<DevopsRecord>(t().app, admin, 'POST', `${BASE}/add`, { payload });
  const list = (q: Record<string, string> = {}) =>
    call<Page<DevopsRecord>>(t().app, admin, 'GET', `${BASE}/get`, { query: q });
  const refusal = async (url: string, payload: Record<string, unknown>, token = admin) =>
    t().app.inject({ method: 'POST', url, payload, headers: { token } });
  const remove = (id: number) => call(t().app, admin, 'GET', `${BASE}/delete`, { query: { id: String(id) } });

  function upload(recordId: number | string, data: Buffer, fileName: string, token = admin) {
    const form = new FormData();
    form.append('recordId', String(recordId));
    form.append('file', new Blob([new Uint8Array(data)]), fileName);
    return t().app.inject({ method: 'POST', url: `${BASE}/upload`, payload: form, headers: { token } });
  }
  const uploaded = async (recordId: number, data: Buffer, fileName: string) => {
    const response = await upload(recordId, data, fileName);
    const envelope = body<DevopsFile>(response);
    if (envelope.status !== 200) throw new Error(`upload ${fileName}: ${envelope.desc}`);
    return envelope.data;
  };
  const deleteFile = (id: number) =>
    t().app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteFile`,
      query: { id: String(id) },
      headers: { token: admin },
    });
  const fileIds = () =>
    query(t(), (db) => db.selectFrom('devopsFiles').select(['id', 'recordId']).orderBy('id').execute());

  it('adds, lists newest first, filters, updates and deletes records', async () => {
    const visit = await add({
      deviceId: north,
      kind: 'calibration',
      startTime: T0,
      endTime: T0 + 2 * HOUR_MS,
      maintainer: '张工',
      content: '  COD 分析仪零点、量程校准  ',
    });
    expect(visit).toEqual({
      id: visit.id,
      deviceId: north,
      deviceName: 'Station OPS-N',
      deviceCode: 'OPS-N',
      kind: 'calibration',
      startTime: T0,
      endTime: T0 + 2 * HOUR_MS,
      maintainer: '张工',
      content: 'COD 分析仪零点、量程校准',
      createdBy: 'admin',
      createTime: t().clock.now(),
      updateTime: t().clock.now(),
      files: [],
    });
    const repair = await add({
      deviceId: south,
      kind: 'repair',
      startTime: T0 + 24 * HOUR_MS,
      maintainer: '李工',
      content: '更换采样泵',
    });
    expect(repair.endTime).toBeNull();
    const inspection = await add({
      deviceId: north,
      kind: 'inspection',
      startTime: T0 - 24 * HOUR_MS,
      endTime: T0 - 24 * HOUR_MS,
      maintainer: '张工',
      content: '例行巡检',
    });

    const all = await list();
    expect(all.total).toBe(3);
    expect(all.list.map((r) => r.id)).toEqual([repair.id, visit.id, inspection.id]);
    expect((await list({ pageSize: '2', pageNum: '2' })).list.map((r) => r.id)).toEqual([inspection.id]);
    expect((await list({ deviceId: String(north) })).list.map((r) => r.id)).toEqual([visit.id, inspection.id]);
    expect((await list({ kind: 'repair' })).list.map((r) => r.id)).toEqual([repair.id]);
    // The range reads the start time, both ends included.
    expect((await list({ beginTime: String(T0), endTime: String(T0 + 24 * HOUR_MS) })).list.map((r) => r.id)).toEqual([
      repair.id,
      visit.id,
    ]);
    expect((await list({ endTime: String(T0 - 1) })).list.map((r) => r.id)).toEqual([inspection.id]);
    expect((await list({ projectId: String(project) })).list.map((r) => r.id)).toEqual([visit.id, inspection.id]);

    t().clock.advance(1000);
    const edited = await call<DevopsRecord>(t().app, admin, 'POST', `${BASE}/update`, {
      payload: {
        id: repair.id,
        deviceId: north,
        kind: 'reagent',
        startTime: T0 + 24 * HOUR_MS,
        endTime: T0 + 25 * HOUR_MS,
        maintainer: '王工',
        content: '更换试剂',
      },
    });
    expect(edited).toMatchObject({
      deviceId: north,
      deviceCode: 'OPS-N',
      kind: 'reagent',
      endTime: T0 + 25 * HOUR_MS,
      maintainer: '王工',
      content: '更换试剂',
      createdBy: 'admin',
      createTime: repair.createTime,
      updateTime: repair.updateTime + 1000,
    });

    await remove(repair.id);
    expect((await list()).list.map((r) => r.id)).toEqual([visit.id, inspection.id]);
    const again = await t().app.inject({
      url: `${BASE}/delete`,
      query: { id: String(repair.id) },
      headers: { token: admin },
    });
    expect(body(again).desc).toBe('数据不存在！');
    const log = await query(t(), (db) =>
      db.selectFrom('operationLogs').select(['url', 'status']).where('url', 'like', `${BASE}/delete%`).execute(),
    );
    expect(log.length).toBeGreaterThan(0);
    await remove(visit.id);
    await remove(inspection.id);
  });

  it('refuses an end before the start, empty or long texts, an unknown kind and an unknown device', async () => {
    const valid = { deviceId: north, kind: 'other', startTime: T0, maintainer: '张工', content: '检查' };
    const desc = async (payload: Record<string, unknown>) => body(await refusal(`${BASE}/add`, payload)).desc;
    expect(await desc({ ...valid, endTime: T0 - 1 })).toContain('参数错误！');
    // The rule in words (plugins/error-handler.ts).
    expect(await desc({ ...valid, endTime: T0 - 1 })).toContain('结束时间不能早于开始时间！');
    expect(await desc({ ...valid, content: '   ' })).toContain('此项为必填项！');
    expect(await desc({ ...valid, content: 'x'.repeat(1001) })).toContain('最多输入1000位！');
    expect(await desc({ ...valid, maintainer: 'x'.repeat(33) })).toContain('最多输入32位！');
    expect(await desc({ ...valid, kind: 'cleaning' })).toContain('参数错误！');
    expect(await desc({ ...valid, deviceId: 999_999 })).toBe('数据不存在！');
    // The end may equal the start (a visit logged at one instant).
    const instant = await add({ ...valid, endTime: T0 });
    expect(body(await refusal(`${BASE}/update`, { ...valid, id: instant.id, deviceId: 999_999 })).desc).toBe(
      '数据不存在！',
    );
    expect(body(await refusal(`${BASE}/update`, { ...valid, id: 999_999 })).desc).toBe('数据不存在！');
    expect((await list()).total).toBe(1);
    await remove(instant.id);
  });

  it('uploads attachments and downloads the same bytes, with the token in the header only', async () => {
    const record = await add({
      deviceId: north,
      kind: 'inspection',
      startTime: T0,
      maintainer: '张工',
      content: '巡检',
    });
    const photo = await uploaded(record.id, PNG, '现场照片 1.PNG');
    expect(photo).toEqual({
      id: photo.id,
      recordId: record.id,
      fileName: '现场照片 1.PNG',
      mimeType: 'image/png',
      size: PNG.length,
      createTime: t().clock.now(),
    });
    const note = await uploaded(record.id, Buffer.from('校准值 12.5 mg/L\n'), 'C:\\fakepath\\note.txt');
    expect(note.fileName).toBe('note.txt');
    const listed = (await list()).list[0];
    expect(listed?.files.map((f) => [f.fileName, f.mimeType, f.size])).toEqual([
      ['现场照片 1.PNG', 'image/png', PNG.length],
      ['note.txt', 'text/plain', Buffer.byteLength('校准值 12.5 mg/L\n')],
    ]);

    const file = (id: number, token: string | null = admin) =>
      t().app.inject({ url: `${BASE}/file`, query: { id: String(id) }, headers: token ? { token } : {} });
    const download = await file(photo.id);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="____ 1.PNG"; filename*=UTF-8''${encodeURIComponent('现场照片 1.PNG')}`,
    );
    // No token in a header: refused, even with one in the URL.
    expect((await file(photo.id, null)).statusCode).toBe(401);
    expect(
      (await t().app.inject({ url: `${BASE}/file`, query: { id: String(photo.id), token: admin } })).statusCode,
    ).toBe(401);
    expect(body(await file(999_999)).desc).toBe('数据不存在！');

    const textDownload = await file(note.id);
    expect(textDownload.body).toBe('校准值 12.5 mg/L\n');
    expect(textDownload.headers['content-type']).toContain('text/plain');
    await remove(record.id);
  });

  it('refuses an attachment past the size limit, however its chunks fall, and keeps nothing of it', async () => {
    const record = await add({ deviceId: south, kind: 'repair', startTime: T0, maintainer: '李工', content: '大文件' });
    const response = await t().app.inject({
      method: 'POST',
      url: `${BASE}/upload`,
      payload: chunkedUpload(LIMITS.uploadMaxBytes + 1024 * 1024, 'scan.pdf', { recordId: String(record.id) }),
      headers: chunkedUploadHeaders(admin),
    });
    expect([response.statusCode, body(response).desc]).toEqual([413, MESSAGES.fileTooLarge]);
    const stored = await query(t(), (db) =>
      db.selectFrom('devopsFiles').select('id').where('recordId', '=', record.id).execute(),
    );
    expect(stored).toEqual([]);
  });

  it('refuses other file types, a missing record id or record, and the eleventh file; deletes one file', async () => {
    const record = await add({ deviceId: south, kind: 'repair', startTime: T0, maintainer: '李工', content: '维修' });
    for (const name of ['setup.exe', 'page.html', 'noextension', 'report.doc']) {
      const envelope = body(await upload(record.id, Buffer.from('MZ'), name));
      expect(envelope).toMatchObject({ status: -1, desc: '文件类型不支持！' });
    }
    expect(body(await upload(999_999, PNG, 'a.png')).desc).toBe('数据不存在！');
    expect(body(await upload('x', PNG, 'a.png')).desc).toContain('参数错误！');
    expect(body(await upload(record.id, Buffer.alloc(0), 'empty.pdf')).desc).toBe('请选择要上传的文件！');

    const names = ['a.jpg', 'b.jpeg', 'c.png', 'd.webp', 'e.pdf', 'f.xlsx', 'g.docx', 'h.txt', 'i.JPG', 'j.pdf'];
    const files: DevopsFile[] = [];
    for (const name of names) files.push(await uploaded(record.id, PNG, name));
    expect(files.map((f) => f.mimeType)).toEqual([
      'image/jpeg',
      'image/jpeg',
      'image/png',
      'image/webp',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'text/plain',
      'image/jpeg',
      'application/pdf',
    ]);
    expect(body(await upload(record.id, PNG, 'k.png')).desc).toBe('附件数量已达上限！');

    const removed = await deleteFile(files[0]?.id ?? 0);
    expect(removed.statusCode).toBe(200);
    expect(body(removed).status).toBe(200);
    expect(body(await deleteFile(files[0]?.id ?? 0)).desc).toBe('数据不存在！');
    expect((await fileIds()).filter((f) => f.recordId === record.id)).toHaveLength(9);
    // A place is free again.
    await uploaded(record.id, PNG, 'k.png');

    // Deleting the record deletes its files.
    await remove(record.id);
    expect((await fileIds()).filter((f) => f.recordId === record.id)).toEqual([]);
  });

  it('answers 401 without a session and 403 to a reader writing; a reader downloads', async () => {
    const record = await add({ deviceId: north, kind: 'other', startTime: T0, maintainer: '张工', content: '记录' });
    const photo = await uploaded(record.id, PNG, 'p.png');
    expect((await t().app.inject({ url: `${BASE}/get` })).statusCode).toBe(401);

    const reader = await userWith(t(), admin, 'devops-reader', ['settings.devops']);
    expect((await t().app.inject({ url: `${BASE}/get`, headers: { token: reader } })).statusCode).toBe(200);
    const payload = { deviceId: north, kind: 'other', startTime: T0, maintainer: 'x', content: 'y' };
    const write = await refusal(`${BASE}/add`, payload, reader);
    expect(write.statusCode).toBe(403);
    expect(body(write).desc).toBe('没有操作权限，请联系系统管理员！');
    expect((await upload(record.id, PNG, 'q.png', reader)).statusCode).toBe(403);
    const readerDelete = await t().app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteFile`,
      query: { id: String(photo.id) },
      headers: { token: reader },
    });
    expect(readerDelete.statusCode).toBe(403);
    // A reader downloads.
    const read = await t().app.inject({
      url: `${BASE}/file`,
      query: { id: String(photo.id) },
      headers: { token: reader },
    });
    expect(read.rawPayload.equals(PNG)).toBe(true);

    const none = await userWith(t(), admin, 'devops-none', ['query.history']);
    expect((await t().app.inject({ url: `${BASE}/get`, headers: { token: none } })).statusCode).toBe(403);
    expect(
      (await t().app.inject({ url: `${BASE}/file`, query: { id: String(photo.id) }, headers: { token: none } }))
        .statusCode,
    ).toBe(403);
    await remove(record.id);
  });
});
