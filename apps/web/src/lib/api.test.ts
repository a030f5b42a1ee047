import { describe, expect, it, vi } from 'vitest';
import { FAILURE_CODE, FAILURE_STATUS, LIMITS, SUCCESS_CODE, SUCCESS_STATUS, WARNING_STATUS } from '@envmon/shared';
import { ApiError, buildUrl, createApiClient, fileNameOf, type ApiClientDeps } from './api';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const ok = (data: unknown, desc = '') => ({ status: SUCCESS_STATUS, code: SUCCESS_CODE, desc, data });
const failure = (desc: string, status: number = FAILURE_STATUS) => ({ status, code: FAILURE_CODE, desc });

function setup(
  respond: (url: string, init: RequestInit) => Response | Promise<Response>,
  token: string | null = 'tok',
) {
  const calls: { url: string; init: RequestInit }[] = [];
  const deps = {
    fetch: vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      calls.push({ url, init: init ?? {} });
      return Promise.resolve(respond(url, init ?? {}));
    }),
    notifier: { success: vi.fn(), warning: vi.fn(), error: vi.fn() },
    getToken: vi.fn(() => token),
    onUnauthorized: vi.fn(),
    t: vi.fn((key: string) => `t:${key}`),
    language: vi.fn(() => 'en-US'),
    saveFile: vi.fn(),
  } satisfies ApiClientDeps;
  return { api: createApiClient(deps), deps, calls };
}

describe('buildUrl', () => {
  it('drops empty parameters and repeats arrays', () => {
    expect(buildUrl('/a', { x: 1, y: '', z: null, w: undefined, list: [1, 2], flag: false })).toBe(
      '/a?x=1&list=1&list=2&flag=false',
    );
    expect(buildUrl('/a?b=1', { c: 'd e' })).toBe('/a?b=1&c=d+e');
    expect(buildUrl('/a', { y: '' })).toBe('/a');
  });
});

describe('fileNameOf', () => {
  it('reads the UTF-8 name first, then the plain one, else the fallback', () => {
    const both = `attachment; filename="device-import-template.xlsx"; filename*=UTF-8''${encodeURIComponent('设备导入模板.xlsx')}`;
    expect(fileNameOf(both, 'x')).toBe('设备导入模板.xlsx');
    expect(fileNameOf('attachment; filename="envmon-2026-11-26.log"', 'x')).toBe('envmon-2026-11-26.log');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A", 'x')).toBe('x');
    expect(fileNameOf(null, 'template')).toBe('template');
  });
});

describe('file downloads', () => {
  const file = (body: string, disposition: string) =>
    new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': disposition },
    });

  it('fetch the file with the token in the header, never the URL, and hand it to the browser under its name', async () => {
    const { api, calls, deps } = setup(() => file('log lines', 'attachment; filename="a.log"'));
    await api.download('/manager/system/serverLog/rest/get', { fileName: 'a.log' });
    expect(calls[0]?.url).toBe('/manager/system/serverLog/rest/get?fileName=a.log');
    expect((calls[0]?.init.headers as Record<string, string>).token).toBe('tok');
    const [blob, name] = deps.saveFile.mock.calls[0] as [Blob, string];
    expect(name).toBe('a.log');
    expect(await blob.text()).toBe('log lines');
  });

  it('tell a refusal like any call and save nothing', async () => {
    const { api, deps } = setup(() => json(failure('数据不存在！')));
    await expect(api.download('/manager/system/serverLog/rest/get', { fileName: 'gone.log' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(deps.notifier.error).toHaveBeenCalledWith('数据不存在！', LIMITS.toastDurationMs);
    expect(deps.saveFile).not.toHaveBeenCalled();

    const forbidden = setup(() => json(failure('没有操作权限，请联系系统管理员！'), 403));
    await expect(forbidden.api.download('/manager/system/device/rest/template')).rejects.toMatchObject({
      kind: 'forbidden',
    });
    expect(forbidden.deps.saveFile).not.toHaveBeenCalled();
  });
});

describe('api client', () => {
  it('unwraps data and sends the token header', async () => {
    const { api, calls, deps } = setup(() => json(ok({ id: 1 })));
    await expect(api.get('/manager/x/rest/get', { id: 1 })).resolves.toEqual({ id: 1 });
    expect(calls[0]?.url).toBe('/manager/x/rest/get?id=1');
    expect((calls[0]?.init.headers as Record<string, string>).token).toBe('tok');
    expect(deps.notifier.success).not.toHaveBeenCalled();
  });

  it("sends the console's language, in which the server writes desc, and shows desc as it comes", async () => {
    const { api, calls, deps } = setup(() =>
      json(failure('Invalid parameters. Install date: Please select the install date.')),
    );
    await expect(api.post('/manager/system/device/rest/add', {})).rejects.toMatchObject({
      desc: 'Invalid parameters. Install date: Please select the install date.',
    });
    expect((calls[0]?.init.headers as Record<string, string>)['Accept-Language']).toBe('en-US');
    expect(deps.notifier.error).toHaveBeenCalledWith(
      'Invalid parameters. Install date: Please select the install date.',
      LIMITS.toastDurationMs,
    );

    deps.language.mockReturnValue('zh-CN');
    await api.get('/manager/system/config/rest/get').catch(() => undefined);
    expect((calls[1]?.init.headers as Record<string, string>)['Accept-Language']).toBe('zh-CN');
  });

  it('omits the token header when signed out', async () => {
    const { api, calls } = setup(() => json(ok(null)), null);
    await api.get('/manager/system/config/rest/get');
    expect((calls[0]?.init.headers as Record<string, string>).token).toBeUndefined();
  });

  it('announces POST success with desc, or the default text when desc is empty', async () => {
    const { api, deps } = setup(() => json(ok(null, '新增成功')));
    await api.post('/manager/x/rest/add', { a: 1 });
    expect(deps.notifier.success).toHaveBeenCalledWith('新增成功');

    const second = setup(() => json(ok(null)));
    await second.api.post('/manager/x/rest/add', { a: 1 });
    expect(second.deps.notifier.success).toHaveBeenCalledWith('t:common.messages.operationSucceeded');
  });

  it('announces the GET delete call but not other reads, and stays silent when asked (sign-in)', async () => {
    const { api, deps } = setup(() => json(ok(null)));
    await api.get('/manager/x/rest/delete', { id: 3 });
    expect(deps.notifier.success).toHaveBeenCalledTimes(1);
    await api.get('/manager/x/rest/getAll');
    await api.post('/manager/system/login/rest/login', { userName: 'a', password: 'b' }, { silent: true });
    expect(deps.notifier.success).toHaveBeenCalledTimes(1);
  });

  it('sends a JSON body on POST and query parameters when given', async () => {
    const { api, calls } = setup(() => json(ok(null)));
    await api.post('/manager/system/password/rest/change', undefined, {
      params: { oldPassword: 'a', newPassword: 'b' },
    });
    expect(calls[0]?.url).toBe('/manager/system/password/rest/change?oldPassword=a&newPassword=b');
    expect(calls[0]?.init.body).toBeUndefined();
    await api.post('/manager/x/rest/add', { a: 1 });
    expect(calls[1]?.init.body).toBe('{"a":1}');
    expect((calls[1]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('turns a failure envelope into an ApiError and an error toast of 5 s', async () => {
    const { api, deps } = setup(() => json(failure('用户名或密码错误！')));
    const error = await api.post('/manager/system/login/rest/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'body',
      desc: '用户名或密码错误！',
      status: FAILURE_STATUS,
      code: FAILURE_CODE,
    });
    expect(deps.notifier.error).toHaveBeenCalledWith('用户名或密码错误！', LIMITS.toastDurationMs);
    expect(deps.notifier.success).not.toHaveBeenCalled();
  });

  it("keeps the failure envelope's data on the error (an import's row report)", async () => {
    const rows = [{ row: 3, field: 'contactPhone', message: 'bad phone' }];
    const { api } = setup(() => json({ ...failure('第3行有误'), data: rows }));
    const error = await api.upload('/manager/x/rest/batAdd', new Blob(['x']), { quiet: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'body', desc: '第3行有误', data: rows });
    const bare = await setup(() => json(failure('no')))
      .api.get('/manager/x')
      .catch((e: unknown) => e);
    expect(bare).toMatchObject({ data: null });
  });

  it('shows a body status 500 as a warning', async () => {
    const { api, deps } = setup(() => json(failure('稍后再试', WARNING_STATUS)));
    await expect(api.get('/manager/x')).rejects.toBeInstanceOf(ApiError);
    expect(deps.notifier.warning).toHaveBeenCalledWith('稍后再试');
    expect(deps.notifier.error).not.toHaveBeenCalled();
  });

  it('keeps quiet when the caller shows the error itself', async () => {
    const { api, deps } = setup(() => json(failure('no roles')));
    await expect(api.get('/manager/system/user/rest/getByToken', undefined, { quiet: true })).rejects.toMatchObject({
      desc: 'no roles',
    });
    expect(deps.notifier.error).not.toHaveBeenCalled();
  });

  it('signs out on HTTP 401', async () => {
    const { api, deps } = setup(() => json(failure('登录已失效，请重新登录！'), 401));
    await expect(api.get('/manager/x')).rejects.toMatchObject({ kind: 'unauthorized', httpStatus: 401 });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(deps.notifier.warning).toHaveBeenCalledWith('登录已失效，请重新登录！');
    expect(deps.notifier.error).not.toHaveBeenCalled();
  });

  it('warns about a missing permission on HTTP 403', async () => {
    const { api, deps } = setup(() => json(failure('没有操作权限，请联系系统管理员！'), 403));
    await expect(api.post('/manager/x/rest/add', {})).rejects.toMatchObject({ kind: 'forbidden' });
    expect(deps.notifier.warning).toHaveBeenCalledWith('t:common.messages.noPermission');
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('shows other HTTP errors for 5 s, with the envelope desc when there is one', async () => {
    const { api, deps } = setup(() => json(failure('参数错误！ userName'), 400));
    await expect(api.post('/manager/x/rest/add', {})).rejects.toMatchObject({ kind: 'http', httpStatus: 400 });
    expect(deps.notifier.error).toHaveBeenCalledWith('参数错误！ userName', LIMITS.toastDurationMs);

    const plain = setup(() => new Response('bad gateway', { status: 502 }));
    await expect(plain.api.get('/manager/x')).rejects.toMatchObject({ kind: 'http', httpStatus: 502 });
    expect(plain.deps.notifier.error).toHaveBeenCalledWith('t:common.request.httpError', LIMITS.toastDurationMs);
  });

  it('reports network failures', async () => {
    const { api, deps } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/manager/x')).rejects.toMatchObject({ kind: 'network' });
    expect(deps.notifier.error).toHaveBeenCalledWith('t:common.request.network', LIMITS.toastDurationMs);
  });

  it('aborts after the timeout', async () => {
    vi.useFakeTimers();
    try {
      const { api, deps } = setup(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const pending = api.get('/manager/x').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs - 1);
      expect(deps.notifier.error).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toMatchObject({ kind: 'timeout' });
      expect(deps.notifier.error).toHaveBeenCalledWith('t:common.request.timeout', LIMITS.toastDurationMs);
    } finally {
      vi.useRealTimers();
    }
  });
});
