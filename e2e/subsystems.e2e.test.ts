import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  confirmPopconfirm,
  DEMO_PASSWORD,
  expectMessage,
  launchBrowser,
  login,
  openPage,
} from './helpers.ts';

/**
 * External systems (issue 3): the admin binds a subsystem to a service account and generates its
 * credentials in the browser; an external client signs calls with the secret shown once and reaches a
 * route its safety mechanism lists; after the admin revokes the credentials the same client is refused.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SUFFIX = Date.now().toString(36);

async function api<T>(path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'X-TOKEN': token, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await res.json()) as { data: T; result: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${envelope.result}`);
  return envelope.data;
}

/** The integrator's client, as in apps/server/src/modules/subsystem/README.md. */
async function signedCall(appKey: string, secret: string, pathWithQuery: string) {
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const bodyHash = createHash('sha256').update('').digest('hex');
  const text = ['POST', pathWithQuery, timestamp, nonce, bodyHash].join('\n');
  const signature = createHmac('sha256', secret).update(text).digest('hex');
  const res = await fetch(`${baseURL}${pathWithQuery}`, {
    method: 'POST',
    headers: { 'X-APP-KEY': appKey, 'X-TIMESTAMP': timestamp, 'X-NONCE': nonce, 'X-SIGNATURE': signature },
  });
  return { status: res.status, body: (await res.json()) as { error: number; result: string } };
}

const btn = (scope: Page | ReturnType<Page['locator']>, name: string) =>
  scope.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
const dialog = (page: Page) => page.locator('.ant-modal-content').filter({ visible: true }).last();

describe('external systems', () => {
  it('admin binds a service account and issues credentials; signed calls work until revoked', async () => {
    // Set-up through the API: a service account, a subsystem and a mechanism listing one route.
    const login0 = await fetch(`${baseURL}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const token = ((await login0.json()) as { data: { token: string } }).data.token;
    // The safety mechanism is the security administrator's (三权分立).
    const login1 = await fetch(`${baseURL}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'secadmin', password: DEMO_PASSWORD }),
    });
    const secToken = ((await login1.json()) as { data: { token: string } }).data.token;
    const roles = await api<Array<{ id: number; roleKey: string }>>('/api/role/getAllRole', token);
    const username = `svc${SUFFIX}`;
    await api('/api/sys/user/add', token, {
      username,
      password: 'Svc#2026Strong!',
      nickname: `对接账号${SUFFIX}`,
      roleId: roles.find((r) => r.roleKey === 'ROLE_ADMIN')!.id,
    });
    const code = `e2e${SUFFIX}`;
    const { id: subsystemId } = await api<{ id: number }>('/api/subsystem/add', token, {
      name: `对接测试系统${SUFFIX}`,
      code,
      url: 'https://e2e.example.gov.cn/',
    });
    const { id: mechanismId } = await api<{ id: number }>('/api/safetymechanism/add', secToken, {
      name: `对接测试机制${SUFFIX}`,
      orderNo: `E2E-${SUFFIX}`,
      subsystemId,
    });
    await api('/api/safetymechanism/addSysApiInfos', secToken, {
      mechanismId,
      apis: [{ method: 'POST', url: '/api/dict/findAll' }],
    });

    const { page, context, errors } = await openPage(browser, { clipboard: true });
    await login(page, 'admin');
    await page.goto('/admin/system/SubsystemManage/route');
    const row = page.locator('tr.ant-table-row').filter({ hasText: code });
    await row.waitFor();
    expect(await row.textContent()).toContain('未绑定');

    // Bind the service account in the subsystem form.
    await btn(row, '编辑').click();
    const form = dialog(page);
    await form.getByText(`编辑子系统：对接测试系统${SUFFIX}`).waitFor();
    const picker = form.getByLabel('服务账号');
    await picker.click();
    await picker.fill(username);
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: `（${username}）` })
      .first()
      .click();
    await btn(form, '保存').click();
    await expectMessage(page, '保存成功');
    await row.filter({ hasText: username }).waitFor();

    // Issue the credentials: the secret is shown once.
    await btn(row, '接入凭据').click();
    const creds = dialog(page);
    await creds.getByText(`接入凭据：对接测试系统${SUFFIX}`).waitFor();
    await creds.getByText('未生成').waitFor();
    await btn(creds, '生成凭据').click();
    await expectMessage(page, '接入凭据已生成');
    await creds.getByText('密钥仅显示这一次').waitFor();
    const secret = (await creds.getByTestId('subsystem-secret').textContent()) ?? '';
    const appKey = (await creds.getByTestId('app-key').textContent()) ?? '';
    expect(secret).toMatch(/^sk[A-Za-z0-9_-]{43}$/);
    expect(appKey).toMatch(/^ak[0-9a-f]{32}$/);
    await btn(creds, '复制密钥').click();
    await expectMessage(page, '密钥已复制');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await btn(creds, '关闭').last().click();
    await btn(page, '已保存，关闭').click();
    await row.filter({ hasText: appKey }).waitFor();

    // The external system calls the listed route; a wrong secret and an unlisted route are refused.
    const okCall = await signedCall(appKey, secret, '/api/dict/findAll?pid=031');
    expect(okCall.status, okCall.body.result).toBe(200);
    expect((await signedCall(appKey, `${secret}x`, '/api/dict/findAll')).status).toBe(401);
    const unlisted = await signedCall(appKey, secret, '/api/subsystem/list');
    expect(unlisted.status).toBe(403);
    expect(unlisted.body.result).toContain('不在其任何已启用的安全机制中');

    // Reopened, the dialog shows the key and its last use but never the secret again.
    await page.reload();
    await row.waitFor();
    await btn(row, '接入凭据').click();
    const again = dialog(page);
    expect(await again.getByTestId('app-key').textContent()).toBe(appKey);
    expect(await again.getByTestId('subsystem-secret').count()).toBe(0);
    expect(await again.textContent()).not.toContain('尚未调用');

    await btn(again, '吊销凭据').click();
    await confirmPopconfirm(page, /^吊\s*销$/);
    await expectMessage(page, '接入凭据已吊销');
    await again.getByText('未生成').waitFor();
    const revoked = await signedCall(appKey, secret, '/api/dict/findAll');
    expect(revoked.status).toBe(401);
    expect(revoked.body.result).toContain('吊销');

    // The public help page of the subsystem.
    await page.goto(`/oauth-center-help/${code}`);
    await page.getByRole('heading', { name: `对接测试系统${SUFFIX}` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
