import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from './download.ts';
import { bindFeedback, browser, type Feedback, feedback } from './feedback.ts';
import { passwordPrompt } from './password-prompt.ts';
import {
  ApiError,
  buildUrl,
  fileNameOf,
  REQUEST_TIMEOUT_MS,
  request,
  requestFile,
  resetErrorGuards,
  UNAUTHORIZED_RELOAD_DELAY_MS,
} from './request.ts';
import { getToken, setToken } from './storage.ts';

interface Notice {
  key?: unknown;
  message?: unknown;
  description?: unknown;
  onClose?: () => void;
}

const notices: Notice[] = [];
const original: Feedback = { ...feedback };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  notices.length = 0;
  resetErrorGuards();
  vi.stubGlobal('fetch', fetchMock);
  bindFeedback({
    ...original,
    notification: {
      ...original.notification,
      error: (n: Notice) => {
        notices.push(n);
      },
    } as Feedback['notification'],
  });
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
});

afterEach(() => {
  bindFeedback(original);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  fetchMock.mockReset();
  localStorage.clear();
  passwordPrompt.set({ open: false, forced: false, reason: null });
});

describe('request: the call', () => {
  it('posts to /api with X-TOKEN and no-cache pragma and returns the body', async () => {
    setToken('tok-1');
    const body = { error: 0, apiError: 0, result: '操作成功', data: { a: 1 } };
    fetchMock.mockResolvedValue(json(200, body));
    const res = await request('/sys/user/getUserInfo.json', { data: {} });
    expect(res).toEqual(body);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/sys/user/getUserInfo.json');
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-TOKEN']).toBe('tok-1');
    expect(headers.Pragma).toBe('no-cache');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{}');
  });

  it('puts params in the query and sends no token when there is none', async () => {
    fetchMock.mockResolvedValue(json(200, { error: 0, apiError: 0, result: 'ok' }));
    await request('/sys/user/pwd/update', { params: { oldPwd: 'a b', newPwd: 'c&d', skip: undefined } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/sys/user/pwd/update?oldPwd=a+b&newPwd=c%26d');
    expect((init?.headers ?? {}) as Record<string, string>).not.toHaveProperty('X-TOKEN');
    expect(init?.body).toBeUndefined();
  });

  it('accepts urls that already start with /api', () => {
    expect(buildUrl('/api/public/settings')).toBe('/api/public/settings');
    expect(buildUrl('/public/settings', { a: [1, 2] })).toBe('/api/public/settings?a=1&a=2');
  });

  it('uses a 60 s time-out and reports it', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const p = request('/slow');
    const settled = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const err = await settled;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
    expect((err as ApiError).message).toBe('请求超时，请稍后重试');
    expect(notices[0]?.description).toBe('请求超时，请稍后重试');
  });
});

describe('request: spec 8 error handling', () => {
  it('403: 权限不足 notice, page reloads when it closes', async () => {
    setToken('t');
    fetchMock.mockResolvedValue(
      json(403, { error: 403, apiError: 403, result: '没有权限', code: 'FORBIDDEN' }),
    );
    await expect(request('/x')).rejects.toBeInstanceOf(ApiError);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toBe('权限不足');
    expect(notices[0]?.description).toBe('即将返回登录页....');
    expect(browser.reload).not.toHaveBeenCalled();
    notices[0]?.onClose?.();
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('403 for a required password change opens the dialog instead', async () => {
    setToken('t');
    fetchMock.mockResolvedValue(
      json(403, {
        error: 403,
        apiError: 403,
        result: '首次登录请先修改初始密码',
        code: 'PASSWORD_CHANGE_REQUIRED',
      }),
    );
    await expect(request('/x')).rejects.toBeInstanceOf(ApiError);
    expect(notices).toHaveLength(0);
    expect(passwordPrompt.get()).toEqual({ open: true, forced: true, reason: '首次登录请先修改初始密码' });
  });

  it('401 with a stored token: 未授权 notice, token cleared, reload after 1.5 s', async () => {
    vi.useFakeTimers();
    setToken('t');
    fetchMock.mockResolvedValue(
      json(401, { error: 401, apiError: 401, result: '请先登录', code: 'UNAUTHORIZED' }),
    );
    await expect(request('/x')).rejects.toBeInstanceOf(ApiError);
    expect(notices[0]).toMatchObject({ message: '未授权', description: '身份验证失败，请重新登录' });
    expect(getToken()).toBeNull();
    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_RELOAD_DELAY_MS - 1);
    expect(browser.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('401 without a token: notice only, no reload', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(json(401, { error: 401, apiError: 401, result: '请先登录' }));
    await expect(request('/x')).rejects.toBeInstanceOf(ApiError);
    expect(notices[0]?.message).toBe('未授权');
    await vi.advanceTimersByTimeAsync(5000);
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('a burst of 401s shows one notice', async () => {
    fetchMock.mockImplementation(async () => json(401, { error: 401, apiError: 401, result: '请先登录' }));
    await Promise.allSettled([request('/a'), request('/b'), request('/c')]);
    expect(notices).toHaveLength(1);
  });

  it('other failures show the server result', async () => {
    fetchMock.mockResolvedValue(
      json(409, { error: 409, apiError: 409, result: '数据已被他人修改，请刷新后重试' }),
    );
    const err = await request('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).envelope.result).toBe('数据已被他人修改，请刷新后重试');
    expect(notices[0]?.description).toBe('数据已被他人修改，请刷新后重试');
  });

  it('a failure notice closes when the same action later succeeds, not when another one does', async () => {
    const destroy = vi.fn();
    bindFeedback({ ...feedback, notification: { ...feedback.notification, destroy } });
    fetchMock.mockResolvedValueOnce(json(409, { error: 409, apiError: 409, result: '该证件号码已存在' }));
    await request('/technicist/add', { data: {} }).catch(() => undefined);
    const key = notices[0]?.key;
    expect(key).toBe('request-error:POST /api/technicist/add');
    // Another call succeeding leaves the notice alone.
    fetchMock.mockResolvedValueOnce(json(200, { error: 0, apiError: 0, result: 'ok', data: null }));
    await request('/technicist/list', { params: { pageNo: 1 } });
    expect(destroy).not.toHaveBeenCalled();
    // The retry of the same action (other query or body) succeeds: the stale notice goes.
    fetchMock.mockResolvedValueOnce(json(200, { error: 0, apiError: 0, result: '保存成功', data: null }));
    await request('/technicist/add', { data: { name: '张三' }, params: { v: 2 } });
    expect(destroy).toHaveBeenCalledWith(key);
    // Once only: a further success has nothing to close.
    fetchMock.mockResolvedValueOnce(json(200, { error: 0, apiError: 0, result: 'ok', data: null }));
    await request('/technicist/add', { data: {} });
    expect(destroy).toHaveBeenCalledTimes(1);
  });

  it('a repeated failure of one action replaces its notice (same key)', async () => {
    fetchMock.mockImplementation(async () => json(409, { error: 409, apiError: 409, result: '已存在' }));
    await request('/x', { data: {} }).catch(() => undefined);
    await request('/x', { data: {} }).catch(() => undefined);
    expect(notices.map((n) => n.key)).toEqual(['request-error:POST /api/x', 'request-error:POST /api/x']);
  });

  it('expectedCodes: a failure the caller answers itself gets no notice; any other still does', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, { error: 409, apiError: 409, code: 'DUPLICATE_CLAIM', result: '可能重复', data: { x: 1 } }),
    );
    const err = (await request('/x', { expectedCodes: ['DUPLICATE_CLAIM'] }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(err.code).toBe('DUPLICATE_CLAIM');
    expect(err.envelope.data).toEqual({ x: 1 });
    expect(notices).toHaveLength(0);
    fetchMock.mockResolvedValueOnce(
      json(409, { error: 409, apiError: 409, code: 'CONFLICT', result: '已存在' }),
    );
    await request('/x', { expectedCodes: ['DUPLICATE_CLAIM'] }).catch(() => undefined);
    expect(notices).toHaveLength(1);
  });

  it('a 200 with a non-zero error is a failure too', async () => {
    fetchMock.mockResolvedValue(json(200, { error: 1, apiError: 1, result: '原密码错误' }));
    await expect(request('/x', { skipErrorHandler: true })).rejects.toMatchObject({ message: '原密码错误' });
  });

  it('a non-JSON failure gets a readable message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    const err = (await request('/x').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(502);
    expect(err.message).toBe('服务器出错了（502）');
  });

  it('skipErrorHandler: the caller shows the failure (login 401 does not reload)', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(json(401, { error: 401, apiError: 401, result: '用户不存在/密码错误' }));
    setToken('t');
    await expect(request('/login', { skipErrorHandler: true })).rejects.toMatchObject({
      status: 401,
      message: '用户不存在/密码错误',
    });
    expect(notices).toHaveLength(0);
    expect(getToken()).toBe('t');
    await vi.advanceTimersByTimeAsync(5000);
    expect(browser.reload).not.toHaveBeenCalled();
  });
});

describe('requestFile and downloadFile', () => {
  const xlsx = (name: string) =>
    new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
      status: 200,
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'X-Export-Rows': '12',
      },
    });

  it('reads the file name from Content-Disposition, filename* first', () => {
    expect(fileNameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx`)).toBe(
      '用户.xlsx',
    );
    expect(fileNameOf('attachment; filename="plain.pdf"')).toBe('plain.pdf');
    expect(fileNameOf(null)).toBeUndefined();
  });

  it('sends the token and extra headers and returns the blob with its name', async () => {
    setToken('tok-2');
    fetchMock.mockResolvedValue(xlsx('用户列表.xlsx'));
    const file = await requestFile('/sys/user/searchUserListByExcl.json', {
      method: 'POST',
      params: { status: 1 },
      headers: { 'Idempotency-Key': 'k1' },
    });
    expect(file.fileName).toBe('用户列表.xlsx');
    expect(file.blob.size).toBe(4);
    expect(file.headers.get('x-export-rows')).toBe('12');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/sys/user/searchUserListByExcl.json?status=1');
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-TOKEN']).toBe('tok-2');
    expect(headers['Idempotency-Key']).toBe('k1');
  });

  it('a JSON answer is a refusal: shown like any failure and rejected, nothing saved', async () => {
    setToken('t');
    fetchMock.mockResolvedValue(
      json(403, { error: 403, apiError: 403, result: '没有权限，请联系管理员授权' }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const err = (await downloadFile('/x', { fallbackName: 'x.xlsx' }).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(403);
    expect(notices[0]?.message).toBe('权限不足');
    expect(click).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(json(200, { error: 400, apiError: 400, result: '导出行数超过上限' }));
    const over = (await downloadFile('/x', { fallbackName: 'x.xlsx', skipErrorHandler: true }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(over.message).toBe('导出行数超过上限');
  });

  it('downloadFile saves under the server name, or the fallback when there is none', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    fetchMock.mockResolvedValue(xlsx('保费数据.xlsx'));
    expect((await downloadFile('/insuranceData/export', { fallbackName: 'f.xlsx' })).fileName).toBe(
      '保费数据.xlsx',
    );
    fetchMock.mockResolvedValue(
      new Response('%PDF', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const saved = await downloadFile('/insurerDoc/file', { fallbackName: '费率表.pdf' });
    expect(saved.fileName).toBe('费率表.pdf');
    expect(click).toHaveBeenCalledTimes(2);
  });
});
