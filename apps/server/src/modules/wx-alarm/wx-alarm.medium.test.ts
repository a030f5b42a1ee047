import {
  ALARM_TYPE,
  THRESHOLD_OPERATOR,
  type Alarm,
  MESSAGES,
  type WxAlarmDynamicCode,
  type WxAlarmReply,
  type WxAlarmSettings,
  type WxAlarmSettingsInput,
} from '@envmon/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { registerStation } from '../../test/station-client.js';
import { addThreshold, EngineDriver, setStrategy, value } from '../alarm/alarm.test-support.js';
import { WebhookStub } from './webhook-stub.test-support.js';
import { sampleAlarm } from '../alarm/alarm-sample.test-support.js';

const WX_ALARM = '/manager/settings/wxalarm/rest';
const SECRET = 'SECRETKEY0123456789';
/** Longer than the notifier's tick (1 s in app.ts): long enough for something due to have been sent. */
const QUIET_MS = 1600;
const POLL = { timeout: 5000, interval: 50 };

describe('WeChat alarm settings and notifications', () => {
  const t = useTestApp({ demo: true });
  const stub = new WebhookStub();
  let webhookUrl: string;
  let admin: string;
  let operator: string;
  let deviceId: number;
  let nextId = 1000;

  beforeAll(async () => {
    webhookUrl = `${await stub.start()}/cgi-bin/webhook/send?key=${SECRET}`;
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    operator = await login(t().app, 'operator', 'Operator@123');
    deviceId = await registerStation(t(), { deviceCode: 'WX-0001', deviceName: '河口站' });
  });
  afterAll(() => stub.close());

  const post = (url: string, payload?: unknown, token: string | null = admin) =>
    t().app.inject({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: token ? { token } : {},
    });

  const settings: WxAlarmSettingsInput = {
    enabled: true,
    webhookUrl: null,
    alarmTypes: [1, 2],
    lowestLevel: 2,
    mentionedUserIds: ['@all'],
    mentionedMobiles: ['13800138000'],
    digestCount: 5,
    digestWindowSeconds: 60,
    language: 'zh-CN',
  };

  /** Saves settings on the webhook that is already confirmed (its masked URL stands for it). */
  async function save(overrides: Partial<WxAlarmSettingsInput> = {}): Promise<WxAlarmSettings> {
    const current = await call<WxAlarmSettings>(t().app, admin, 'GET', `${WX_ALARM}/get`);
    return call<WxAlarmSettings>(t().app, admin, 'POST', `${WX_ALARM}/update`, {
      payload: { ...settings, webhookUrl: current.webhookUrl, ...overrides },
    });
  }

  /** Asks for a code for `url` and reads it where the webhook's group would. */
  async function codeFor(url: string): Promise<string> {
    const from = stub.requests.length;
    await call<WxAlarmDynamicCode>(t().app, admin, 'POST', `${WX_ALARM}/dynamicCode`, { payload: { webhookUrl: url } });
    const [content] = stub.contents(from);
    const code = /(\d{6})/.exec(content ?? '')?.[1];
    if (!code) throw new Error(`no code in ${content}`);
    return code;
  }

  function alarm(overrides: Partial<Alarm> = {}): Alarm {
    nextId += 1;
    return sampleAlarm(nextId, t().clock.now(), {
      deviceId,
      deviceCode: 'WX-0001',
      device: { deviceName: '河口站', utcOffsetMinutes: 480 },
      ...overrides,
    });
  }

  const publish = (...alarms: Alarm[]) => t().app.bus.publish('alarm.changed', { alarms });

  /** Waits until the stub has received `count` messages since `from`, and returns them. */
  async function received(from: number, count: number): Promise<string[]> {
    await expect.poll(() => stub.requests.length - from, POLL).toBeGreaterThanOrEqual(count);
    return stub.contents(from);
  }

  it('answers the defaults: off, no webhook', async () => {
    expect(await call<WxAlarmSettings>(t().app, admin, 'GET', `${WX_ALARM}/get`)).toMatchObject({
      enabled: false,
      webhookUrl: null,
      alarmTypes: [1, 2, 3, 4, 5],
      lowestLevel: 3,
      digestCount: 5,
      digestWindowSeconds: 60,
      language: 'zh-CN',
    });
  });

  it('refuses callers without a token (401) or without the resource (403)', async () => {
    expect((await t().app.inject({ url: `${WX_ALARM}/get` })).statusCode).toBe(401);
    expect((await t().app.inject({ url: `${WX_ALARM}/get`, headers: { token: operator } })).statusCode).toBe(403);
    expect((await post(`${WX_ALARM}/update`, settings, operator)).statusCode).toBe(403);
    expect((await post(`${WX_ALARM}/send`, undefined, operator)).statusCode).toBe(403);
    expect((await post(`${WX_ALARM}/dynamicCode`, { webhookUrl }, operator)).statusCode).toBe(403);
  });

  it('validates the input: http(s) webhook only, a webhook when enabled, mobile numbers', async () => {
    for (const bad of [
      { ...settings, webhookUrl: 'ftp://example.com/hook' },
      { ...settings, webhookUrl: 'not a url' },
      { ...settings, webhookUrl: null },
      { ...settings, enabled: false, mentionedMobiles: ['12345'] },
      { ...settings, enabled: false, alarmTypes: [9] },
      { ...settings, enabled: false, digestCount: 1 },
    ]) {
      const response = await post(`${WX_ALARM}/update`, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(body(response).desc).toContain(MESSAGES.invalidInput);
    }
    expect((await post(`${WX_ALARM}/dynamicCode`, { webhookUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
  });

  it('changes the webhook only with the dynamic code sent through it, once', async () => {
    const withUrl = { ...settings, enabled: false, webhookUrl };
    expect(body(await post(`${WX_ALARM}/update`, withUrl)).desc).toBe(MESSAGES.wxAlarmCodeRequired);

    const from = stub.requests.length;
    const answer = await call<WxAlarmDynamicCode>(t().app, admin, 'POST', `${WX_ALARM}/dynamicCode`, {
      payload: { webhookUrl },
    });
    expect(answer.webhookUrl).not.toContain(SECRET);
    expect(answer.reply).toEqual({ httpStatus: 200, errcode: 0, errmsg: 'ok' });
    expect(stub.requests[from]?.url).toBe(`/cgi-bin/webhook/send?key=${SECRET}`);
    const code = /(\d{6})/.exec(stub.contents(from)[0] ?? '')?.[1] ?? '';
    const wrong = code === '000000' ? '111111' : '000000';

    // A wrong code spends the pending one: the right code no longer works either.
    expect(body(await post(`${WX_ALARM}/update`, { ...withUrl, dynamicCode: wrong })).desc).toBe(
      MESSAGES.wxAlarmCodeWrong,
    );
    expect(body(await post(`${WX_ALARM}/update`, { ...withUrl, dynamicCode: code })).desc).toBe(
      MESSAGES.wxAlarmCodeWrong,
    );

    const saved = await call<WxAlarmSettings>(t().app, admin, 'POST', `${WX_ALARM}/update`, {
      payload: { ...withUrl, dynamicCode: await codeFor(webhookUrl) },
    });
    expect(saved.webhookUrl).toBe(webhookUrl.replace(SECRET, `${SECRET.slice(0, 4)}******`));
    expect(saved).toMatchObject({ enabled: false, alarmTypes: [1, 2], mentionedMobiles: ['13800138000'] });

    // Sending the masked URL back keeps the webhook without a code; a used code is spent.
    expect((await save({ enabled: false, language: 'en-US' })).language).toBe('en-US');
    const other = `${webhookUrl}&other=1`;
    const code2 = await codeFor(other);
    await call(t().app, admin, 'POST', `${WX_ALARM}/update`, {
      payload: { ...withUrl, webhookUrl: other, dynamicCode: code2 },
    });
    expect(body(await post(`${WX_ALARM}/update`, { ...withUrl, dynamicCode: code2 })).desc).toBe(
      MESSAGES.wxAlarmCodeWrong,
    );
    await call(t().app, admin, 'POST', `${WX_ALARM}/update`, {
      payload: { ...withUrl, dynamicCode: await codeFor(webhookUrl) },
    });
  });

  it('keeps the webhook key and the code out of the operation log', async () => {
    await post(`${WX_ALARM}/update`, { ...settings, webhookUrl: 'ftp://x.example.com/?key=' + SECRET });
    const rows = await query(t(), (db) =>
      db.selectFrom('operationLogs').select(['url', 'params']).where('url', 'like', `${WX_ALARM}/%`).execute(),
    );
    expect(rows.map((r) => r.url)).toEqual(expect.arrayContaining([`${WX_ALARM}/update`, `${WX_ALARM}/dynamicCode`]));
    const logged = JSON.stringify(rows);
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toMatch(/"dynamicCode":"\d{6}"/);
  });

  it('sends a test message and reports what the webhook answered', async () => {
    const from = stub.requests.length;
    const reply = await call<WxAlarmReply>(t().app, admin, 'POST', `${WX_ALARM}/send`);
    expect(reply).toEqual({ httpStatus: 200, errcode: 0, errmsg: 'ok' });
    expect(stub.requests[from]?.message).toMatchObject({
      msgtype: 'text',
      text: { mentioned_list: ['@all'], mentioned_mobile_list: ['13800138000'] },
    });

    stub.answer = { status: 200, body: { errcode: 93000, errmsg: 'invalid webhook url' } };
    try {
      const refused = body<WxAlarmReply>(await post(`${WX_ALARM}/send`));
      expect(refused).toMatchObject({
        status: -1,
        desc: MESSAGES.wxAlarmSendFailed,
        data: { httpStatus: 200, errcode: 93000, errmsg: 'invalid webhook url' },
      });
    } finally {
      stub.answer = { status: 200, body: { errcode: 0, errmsg: 'ok' } };
    }
  });

  it('reports an unreachable webhook', async () => {
    const refused = body(await post(`${WX_ALARM}/dynamicCode`, { webhookUrl: 'http://127.0.0.1:1/hook?key=x' }));
    expect(refused).toMatchObject({ status: -1, desc: MESSAGES.wxAlarmUnreachable });
  });

  it('sends nothing while the settings are off', async () => {
    await save({ enabled: false });
    const from = stub.requests.length;
    publish(alarm());
    await sleep(QUIET_MS);
    expect(stub.requests.length).toBe(from);
  });

  it('sends one message per raised alarm that matches the type and level, none for its updates', async () => {
    await save({ language: 'zh-CN' });
    const from = stub.requests.length;
    const raised = alarm();
    publish(raised);
    const [first] = await received(from, 1);
    expect(first).toContain('【告警】');
    expect(first).toContain('河口站（WX-0001）');
    expect(first).toContain('化学需氧量');
    expect(stub.requests[from]?.message.text.mentioned_mobile_list).toEqual(['13800138000']);

    t().clock.advance(1000);
    publish(
      { ...raised, lastDate: t().clock.now(), count: 2, alarmValue: 50 },
      alarm({ alarmLevel: 3 }), // below the lowest level sent
      alarm({ alarmType: ALARM_TYPE.battery }), // a type not sent
    );
    // A later raise goes out after anything published before it: one message more, not more.
    const marker = alarm({ deviceCode: 'MARKER' });
    publish(marker);
    const contents = await received(from, 2);
    await sleep(200);
    expect(stub.requests.length - from).toBe(2);
    expect(contents[1]).toContain('MARKER');
    publish({ ...raised, active: false, endDate: t().clock.now() }, { ...marker, active: false });
  });

  it('reminds at the strategy interval while the work order is pending, and stops when handled or cleared', async () => {
    await setStrategy(t().app, admin, { deviceId, alarmType: ALARM_TYPE.threshold, repeatIntervalMinutes: 10 });
    const from = stub.requests.length;
    const handled = alarm();
    const cleared = alarm({ factorCode: 'w01001' });
    publish(handled, cleared);
    await received(from, 2);

    t().clock.advance(10 * 60_000);
    const reminders = (await received(from, 4)).slice(2);
    expect(reminders.every((c) => c.includes('【告警提醒】') && c.includes('10 分钟'))).toBe(true);

    await sleep(QUIET_MS);
    expect(stub.requests.length - from).toBe(4);
    t().clock.advance(10 * 60_000);
    expect((await received(from, 6)).slice(4).every((c) => c.includes('20 分钟'))).toBe(true);

    publish({ ...handled, workOrder: { orderStatus: 2 } }, { ...cleared, active: false, endDate: t().clock.now() });
    t().clock.advance(30 * 60_000);
    await sleep(QUIET_MS);
    expect(stub.requests.length - from).toBe(6);
    publish({ ...handled, active: false, workOrder: { orderStatus: 3 } });
  });

  it('sends one digest when many stations go offline within the window', async () => {
    const from = stub.requests.length;
    const offline = (n: number) =>
      alarm({
        alarmType: ALARM_TYPE.offline,
        deviceCode: `OFF-${n}`,
        device: { deviceName: `站点${n}`, utcOffsetMinutes: 480 },
        factorCode: null,
        factor: null,
        alarmValue: null,
        unit: null,
        standardValue: null,
        symbol: null,
      });
    publish(offline(1), offline(2), offline(3));
    publish(offline(4), offline(5));
    await sleep(QUIET_MS);
    expect(stub.requests.length).toBe(from); // held for the window

    t().clock.advance(60_000);
    const [digest] = await received(from, 1);
    expect(digest).toContain('【离线汇总】60 秒内 5 个站点离线');
    for (let n = 1; n <= 5; n += 1) expect(digest).toContain(`站点${n}（OFF-${n}）`);
    await sleep(QUIET_MS);
    expect(stub.requests.length - from).toBe(1);

    // Fewer than digestCount: each goes out on its own after the window.
    publish(offline(6), offline(7));
    t().clock.advance(60_000);
    const singles = await received(from + 1, 2);
    expect(singles.map((c) => c.includes('【告警】'))).toEqual([true, true]);
  });

  it('logs a refused message without the webhook key', async () => {
    stub.answer = { status: 200, body: { errcode: 93000, errmsg: 'invalid webhook url' } };
    try {
      const from = stub.requests.length;
      publish(alarm());
      await received(from, 1);
      await expect
        .poll(() => t().logLines.some((l) => l.msg === 'the WeChat alarm webhook refused a message'), POLL)
        .toBe(true);
      expect(JSON.stringify(t().logLines)).not.toContain(SECRET);
    } finally {
      stub.answer = { status: 200, body: { errcode: 0, errmsg: 'ok' } };
    }
  });
  it("follows the alarm engine's announcements: a raise is sent once, its re-triggers are not", async () => {
    await save({ alarmTypes: [ALARM_TYPE.threshold] });
    const engine = new EngineDriver(t().app, await registerStation(t(), { deviceCode: 'WX-SENTINEL' }));
    const station = await registerStation(t(), { deviceCode: 'WX-ENGINE', deviceName: '引擎站' });
    await addThreshold(t().app, admin, {
      deviceId: station,
      factorCode: 'w01018',
      operator: THRESHOLD_OPERATOR.gt,
      limit1: 30,
    });
    const from = stub.requests.length;
    engine.data(station, [value('w01018', 35)]);
    await engine.settle();
    t().clock.advance(1000);
    engine.data(station, [value('w01018', 40)]);
    await engine.settle();
    const [sent] = await received(from, 1);
    expect(sent).toContain('引擎站（WX-ENGINE）');
    expect(sent).toContain('35');
    await sleep(QUIET_MS);
    expect(stub.contents(from).filter((c) => c.includes('WX-ENGINE'))).toHaveLength(1);
  });
});
