import { MESSAGES } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, login, useTestApp } from '../test/harness.js';

const USER = '/manager/system/user/rest';
const DEVICE = '/manager/system/device/rest';
const CJK = /[\u4e00-\u9fff]/;

/**
 * Issue 14, point 8: the server answers in the caller's language (Accept-Language, as the console
 * sends it) — the spec's Chinese by default and for zh, the shared English texts for en — and a
 * refused request names the field and the rule in words, never an i18n key.
 */
describe("the server's language", () => {
  const t = useTestApp();
  let admin: string;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
  });

  const inject = (method: 'GET' | 'POST', url: string, language: string | null, payload?: Record<string, unknown>) =>
    t().app.inject({
      method,
      url,
      payload,
      headers: { token: admin, ...(language === null ? {} : { 'accept-language': language }) },
    });

  describe('a business refusal', () => {
    const taken = (language: string | null) =>
      inject('POST', `${USER}/add`, language, { userName: 'admin', name: 'x', password: 'Taken@123', roleIds: [] });

    it('is in English for an English caller', async () => {
      const response = await taken('en-US');
      expect(response.statusCode).toBe(200);
      expect(body(response)).toMatchObject({ status: -1, desc: 'The user name is already taken.' });
    });

    it("is the spec's Chinese for a Chinese caller and for one that names no language", async () => {
      expect(body(await taken('zh-CN')).desc).toBe(MESSAGES.userNameTaken);
      expect(body(await taken(null)).desc).toBe(MESSAGES.userNameTaken);
      // A browser's own header: the first language the server speaks wins.
      expect(body(await taken('fr-FR,fr;q=0.9,en;q=0.8,zh;q=0.7')).desc).toBe('The user name is already taken.');
    });

    it('of an unknown path is in the caller language too', async () => {
      expect(body(await inject('GET', '/manager/system/nothing/rest/get', 'en-US')).desc).toBe(
        'The data does not exist.',
      );
      expect(body(await inject('GET', '/manager/system/nothing/rest/get', 'zh-CN')).desc).toBe(MESSAGES.notFound);
    });
  });

  describe('a validation error', () => {
    // The device form without its installation date and with a name past its limit.
    const invalid = {
      lng: 114.26,
      lat: 22.71,
      installName: '张工',
      installAddress: '深圳市龙岗区',
      contactCompany: '环境监测站',
      contactPerson: '李四',
      contactPhone: '13800138000',
      maintainId: 1,
      deviceName: 'x'.repeat(300),
      deviceCode: 'LANG0001',
      deviceType: '21',
      intervalTime: 60,
    };

    it('names the field by its label and the rule in words, in English', async () => {
      const response = await inject('POST', `${DEVICE}/add`, 'en-US', invalid);
      expect(response.statusCode).toBe(400);
      const { desc } = body(response);
      expect(desc).toMatch(/^Invalid parameters\. /);
      expect(desc).toContain('Installation date: Please choose the installation date');
      expect(desc).toMatch(/Device name: At most \d+ characters/);
      expect(desc).not.toMatch(CJK);
      expect(desc).not.toMatch(/device\.rules|validation\.|body\//);
    });

    it('names the field by its label and the rule in words, in Chinese', async () => {
      const response = await inject('POST', `${DEVICE}/add`, 'zh-CN', invalid);
      expect(response.statusCode).toBe(400);
      const { desc } = body(response);
      expect(desc.startsWith(`${MESSAGES.invalidInput}`)).toBe(true);
      expect(desc).toContain('安装时间：请选择安装时间！');
      expect(desc).toMatch(/设备名称：最多输入\d+位！/);
      expect(desc).not.toMatch(/device\.rules|validation\.|body\/|installDate|deviceName/);
    });

    it('of a query parameter names it too', async () => {
      const response = await inject('GET', `${USER}/getAll?pageSize=0`, 'en-US');
      expect(response.statusCode).toBe(400);
      expect(body(response).desc).toBe('Invalid parameters. Page size: Must not be less than 1.');
    });
  });
});
