import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  DEMO_PASSWORD,
  expectMessage,
  LANDING,
  launchBrowser,
  login,
  openPage,
  waitForPath,
  waitForTitle,
} from './helpers.ts';

/**
 * 三权分立 (security.md Z04; issue 17 finding 5): the system administrator (admin), the security administrator
 * (secadmin) and the audit administrator (auditor) each see their own menus and pages with real content; the
 * system administrator cannot open the others' pages; the security administrator grants the audit role to an
 * account, which then lands on the audit overview, and takes it back; it disables an idle account from the
 * 长期未登录 list its daily report links to.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SUFFIX = Date.now().toString(36);
const menu = (page: Page) => page.locator('.ant-pro-sider-menu').first();
const btn = (scope: Page | ReturnType<Page['locator']>, name: string) =>
  scope.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(new URL(url, baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-TOKEN': token } : {}) },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { data: T; result?: string };
  if (!res.ok) throw new Error(`${url}: ${res.status} ${env.result ?? ''}`);
  return env.data;
}
const tokenOf = async (username: string, password = DEMO_PASSWORD) =>
  (await post<{ token: string }>('/api/login', { username, password })).token;

/** The menu entries of the signed-in user's side menu, group by group (each group opened to read it). */
async function menuEntries(page: Page): Promise<string[]> {
  const m = menu(page);
  await m.waitFor();
  const groups = m.locator('.ant-menu-submenu');
  const n = await groups.count();
  const out = new Set<string>();
  for (let i = 0; i < n; i++) {
    const group = groups.nth(i);
    if (!(await group.evaluate((el) => el.classList.contains('ant-menu-submenu-open'))))
      await group.locator('.ant-menu-submenu-title').first().click();
    await group.locator('.ant-menu-item').first().waitFor();
    for (const t of await group.locator('.ant-menu-item').allInnerTexts()) if (t.trim()) out.add(t.trim());
  }
  return [...out];
}

describe('three administrators, three menus', () => {
  it('the system administrator has no log, safety-mechanism or security pages, and is refused them', async () => {
    const { page, context, errors } = await openPage(browser, { height: 1400 });
    await login(page, 'admin');
    const entries = await menuEntries(page);
    for (const own of ['工作台', '用户管理', '角色权限', '菜单资源', '平台设置', '子系统'])
      expect(entries, own).toContain(own);
    for (const other of ['操作日志', '请求日志', '推送日志', '安全机制', '安全设置', '账号安全', '审计概览'])
      expect(entries, other).not.toContain(other);
    // A page of another administrator answers 无权访问, not its content.
    await page.goto(LANDING.auditor);
    await page.getByText('无权访问').first().waitFor();
    expect(await page.getByTestId('audit-index').count()).toBe(0);
    // Its user list marks the security and audit administrators' accounts as theirs.
    await page.goto('/admin/system/UserSearch/route');
    // Other suites add users in parallel: search for the account rather than expect it on the first page.
    await page.getByPlaceholder('用户名（模糊匹配）').fill('secadmin');
    await btn(page, '查询').click();
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'secadmin' });
    await row.getByText('安全管理员管理').waitFor();
    expect(await btn(row, '编辑').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the security administrator lands on 安全设置 and has its own four pages', async () => {
    const { page, context, errors } = await openPage(browser, { height: 1400 });
    await login(page, 'secadmin');
    await waitForPath(page, LANDING.secadmin);
    await waitForTitle(page, '安全设置');
    await expect.poll(() => page.getByLabel('无操作自动退出').inputValue()).toMatch(/^\d+$/);
    expect(await menuEntries(page)).toEqual(['安全设置', '账号安全', '安全机制', '审计员日志']);
    // 账号安全 lists the accounts with their lock state; a regulator's sessions open in a drawer.
    await menu(page).getByText('账号安全', { exact: true }).click();
    await waitForPath(page, '/security/manage/AccountSecurity/route');
    const gov = page.locator('tr.ant-table-row').filter({ hasText: /^gov/ }).first();
    await btn(gov, '登录会话').click();
    await page.locator('.ant-drawer-content').getByText('登录会话：gov').waitFor();
    await page.locator('.ant-drawer-close').click();
    // 审计员日志: only the audit administrators' rows.
    await menu(page).getByText('审计员日志', { exact: true }).click();
    await waitForPath(page, '/security/manage/AuditorLog/route');
    await page.getByText('这里只列出审计管理员的操作').waitFor();
    expect(await page.getByText('页面不存在或正在开发中').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the audit administrator lands on 审计概览, reads the log without its own rows and verifies the chain', async () => {
    await tokenOf('admin'); // a fresh login row of the system administrator
    const { page, context, errors } = await openPage(browser, { height: 1400 });
    await login(page, 'auditor');
    await waitForPath(page, LANDING.auditor);
    await waitForTitle(page, '审计概览');
    expect(await menuEntries(page)).toEqual(['审计概览', '操作日志', '请求日志', '推送日志']);
    for (const id of ['fig-requests', 'fig-login-fails', 'fig-op-fails'])
      await page.getByTestId(id).locator('.ant-statistic-content-value').filter({ hasText: /\d/ }).waitFor();
    await page.getByTestId('recent-logs').locator('tr.ant-table-row', { hasText: 'admin' }).first().waitFor();

    await page.getByTestId('recent-logs').getByRole('link', { name: '查看' }).first().click();
    await waitForPath(page, '/audit/log/AdminLog/route');
    await page.getByText('审计管理员本人的操作不在此列表中').waitFor();
    await page.locator('tr.ant-table-row').first().waitFor();
    expect(await page.locator('tr.ant-table-row').filter({ hasText: 'auditor' }).count()).toBe(0);

    await btn(page, '校验完整性').click();
    const result = page.getByTestId('chain-result');
    await result.getByText('日志完整性校验通过').waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain('操作日志防篡改校验通过');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the security administrator assigns the audit role', () => {
  it('grants 审计管理员 to a plain account, which then lands on 审计概览; then revokes it', async () => {
    const username = `aud${SUFFIX}`;
    const password = 'Audit#Trail2026x';
    const adminToken = await tokenOf('admin');
    const roles = await post<Array<{ id: number; roleKey: string }>>('/api/role/getAllRole', {}, adminToken);
    await post(
      '/api/sys/user/add',
      {
        username,
        password,
        nickname: `候任审计员${SUFFIX}`,
        mustChangePassword: false,
        roleId: roles.find((r) => r.roleKey === 'ROLE_USER')!.id,
      },
      adminToken,
    );

    const { page, context, errors } = await openPage(browser);
    await login(page, 'secadmin');
    await page.goto('/security/manage/AccountSecurity/route');
    await page.getByPlaceholder('用户名（模糊匹配）').fill(username);
    await btn(page, '查询').click();
    const row = page.locator('tr.ant-table-row').filter({ hasText: username });
    await row.waitFor();
    await btn(row, '更多').click();
    await page.getByRole('menuitem', { name: '调整管理员角色' }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: `调整管理员角色：${username}` });
    await dialog.getByRole('combobox', { name: '调整为' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '审计管理员' }).click();
    await btn(dialog, '确定').click();
    await expectMessage(page, '角色已调整，该用户需重新登录');
    await row.getByText('审计管理员').first().waitFor();

    // The account signs in as an audit administrator.
    const promoted = await openPage(browser);
    await login(promoted.page, username, password);
    await waitForPath(promoted.page, LANDING.auditor);
    await promoted.page.getByTestId('audit-index').waitFor();
    await promoted.context.close();

    // And goes back to 普通用户.
    await btn(row, '更多').click();
    await page.getByRole('menuitem', { name: '调整管理员角色' }).click();
    await dialog.getByRole('combobox', { name: '调整为' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '普通用户' }).click();
    await btn(dialog, '确定').click();
    await expectMessage(page, '角色已调整，该用户需重新登录');
    const after = await post<{ list: Array<{ username: string; roleKey: string }> }>(
      `/api/sys/user/searchUserList.json?username=${username}`,
      {},
      adminToken,
    );
    expect(after.list[0]?.roleKey).toBe('ROLE_USER');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the security administrator opens 账号安全 filtered to 长期未登录 (the idle-account report’s link) and disables one', async () => {
    const adminToken = await tokenOf('admin');
    const { page, context, errors } = await openPage(browser);
    await login(page, 'secadmin');
    await page.goto('/security/manage/AccountSecurity/route?idle=1');
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'expert_idle' });
    await row.waitFor();
    await row.getByText('长期未登录').waitFor();
    // The filter is set: accounts in use (secadmin itself) are not listed.
    expect(await page.locator('tr.ant-table-row').filter({ hasText: 'secadmin' }).count()).toBe(0);

    await btn(row, '更多').click();
    await page.getByRole('menuitem', { name: '停用（长期未登录）' }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '停用长期未登录账号 expert_idle？' });
    await btn(dialog, '停用').click();
    await expectMessage(page, '已停用，该用户的登录已失效');
    await row
      .locator('.ant-tag')
      .filter({ hasText: /^停用$/ })
      .waitFor();
    const [user] = (
      await post<{ list: Array<{ id: number; status: number }> }>(
        '/api/sys/user/searchUserList.json?username=expert_idle',
        {},
        adminToken,
      )
    ).list;
    expect(user?.status).toBe(2);
    // Enabling is the system administrator's (用户管理); it leaves the account idle, as the demo data has it.
    await post(`/api/sys/admin/updateByStatus.json?id=${user!.id}&status=1`, {}, adminToken);
    expect(errors).toEqual([]);
    await context.close();
  });
});
