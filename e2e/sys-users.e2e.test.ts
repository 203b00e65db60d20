import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkControl,
  confirmPopconfirm,
  expectMessage,
  launchBrowser,
  login,
  loginViaForm,
  openPage,
  screenshot,
  settledDrawer,
  waitForPath,
} from './helpers.ts';

/**
 * System administration (issue 3): the operations admin creates a custom role and a user holding it,
 * that user logs in (changing the temporary password) and sees exactly that role's menu; when the admin
 * removes the export action, the button disappears for that user and the API refuses the export.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SUFFIX = Date.now().toString(36).toUpperCase();
const ROLE_NAME = `用户审计员${SUFFIX}`;
const ROLE_KEY = `ROLE_E2E_${SUFFIX}`;
const USERNAME = `e2e_audit_${SUFFIX.toLowerCase()}`;
const SECOND_USERNAME = `e2e_assign_${SUFFIX.toLowerCase()}`;
const TEMP_PASSWORD = `Tmp#${SUFFIX}a1`;
const NEW_PASSWORD = `Audit#${SUFFIX}b2`;

const ROLES_PATH = '/admin/system/RoleManage/route';
const USERS_PATH = '/admin/system/UserSearch/route';

const btn = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

/** Opens the role editor of our role (new or existing) and narrows the tree to the user list page. */
async function grantNode(page: Page) {
  const drawer = await settledDrawer(page, '角色名称');
  await drawer.getByLabel('筛选资源').fill('UserSearch');
  const node = drawer.getByTestId('grant-UserSearch');
  await node.waitFor();
  return node;
}

async function findRoleRow(page: Page) {
  await page.goto(ROLES_PATH);
  await page.getByPlaceholder('角色名称').fill(ROLE_NAME);
  await btn(page, '查询').click();
  const row = page.locator('tr.ant-table-row').filter({ hasText: ROLE_KEY });
  await row.waitFor();
  return row;
}

/** The user's token, as the app stores it (namespaced JSON entry). */
async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('aqzrx__Access-Token');
    return raw ? (JSON.parse(raw) as { value: string }).value : '';
  });
}

async function exportStatus(page: Page, token: string): Promise<{ status: number; type: string }> {
  return page.evaluate(async (t) => {
    const res = await fetch('/api/sys/user/searchUserListByExcl.json', {
      method: 'POST',
      headers: { 'X-TOKEN': t },
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '' };
  }, token);
}

describe('users, roles and permissions (issue 3)', () => {
  it('custom role → user → login with its menu → export removed → button gone and API 403', async () => {
    const admin = await openPage(browser);
    const a = admin.page;
    await login(a, 'admin');

    // 1. The admin creates a custom role granting 用户管理 with query + export only.
    await a.goto(ROLES_PATH);
    await btn(a, '新增角色').click();
    const drawer = await settledDrawer(a, '角色名称');
    await drawer.getByLabel('角色名称').fill(ROLE_NAME);
    await drawer.getByLabel('角色标识').fill(ROLE_KEY);
    await drawer.getByLabel('描述').fill('浏览和导出用户（浏览器测试）');
    let node = await grantNode(a);
    await checkControl(node.getByRole('checkbox', { name: '用户管理 查询' }));
    await checkControl(node.getByRole('checkbox', { name: '用户管理 导出' }));
    expect(await node.getByRole('checkbox', { name: '授权 用户管理' }).isChecked()).toBe(true);
    expect(await node.getByRole('checkbox', { name: '用户管理 新增' }).isChecked()).toBe(false);
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expectMessage(a, '新增成功');
    let row = await findRoleRow(a);
    expect(await row.textContent()).toContain('自定义角色');

    // 2. The admin creates a user with that role through the user screens.
    await a.goto(USERS_PATH);
    await btn(a, '新增用户').click();
    await waitForPath(a, '/admin/system/UserAdd/route');
    await a.waitForLoadState('networkidle');
    const roleSelect = a.locator('#user-add_roleId');
    await roleSelect.click();
    await roleSelect.fill(ROLE_NAME);
    await a.locator('.ant-select-item-option').filter({ hasText: ROLE_NAME }).click();
    await a.getByLabel('昵称').fill('浏览器测试审计员');
    await a.getByLabel('初始密码').fill(TEMP_PASSWORD);
    await a.getByLabel('用户名').fill(USERNAME);
    expect(await a.getByLabel('用户名').inputValue()).toBe(USERNAME);
    await btn(a, '创建用户').click();
    await expectMessage(a, '新增成功');
    const shown = a.getByTestId('temp-password');
    await shown.waitFor();
    expect(await shown.textContent()).toContain(TEMP_PASSWORD);
    await a.getByRole('button', { name: '我已记下' }).click();
    await waitForPath(a, USERS_PATH);
    await a.getByPlaceholder('用户名（模糊匹配）').fill(USERNAME);
    await btn(a, '查询').click();
    const userRow = a.locator('tr.ant-table-row').filter({ hasText: USERNAME });
    await userRow.waitFor();
    expect(await userRow.textContent()).toContain('自定义角色');

    // 3. The new user logs in, must change the temporary password, logs in again.
    const member = await openPage(browser);
    const m = member.page;
    await m.goto('/user/login');
    await loginViaForm(m, USERNAME, TEMP_PASSWORD);
    const dialog = m.locator('.ant-modal').filter({ hasText: '修改密码' });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByLabel('原密码').fill(TEMP_PASSWORD);
    await dialog.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    // The dialog was opened on the login page: wait for it to close (success, then logout) before logging in.
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await waitForPath(m, '/user/login');
    await loginViaForm(m, USERNAME, NEW_PASSWORD);
    await m.getByTestId('user-menu').first().waitFor({ timeout: 15_000 });
    await waitForPath(m, USERS_PATH);

    // Exactly the role's menu: 系统管理 › 用户管理, nothing else.
    const sider = m.locator('.ant-pro-sider-menu').first();
    await sider.getByText('用户管理', { exact: true }).waitFor();
    const items = (await sider.locator('.ant-menu-item').allTextContents()).map((t) => t.trim());
    const groups = (await sider.locator('.ant-menu-submenu-title').allTextContents()).map((t) => t.trim());
    expect(items).toEqual(['用户管理']);
    expect(groups).toEqual(['系统管理']);
    // Query and export only: no add, edit, delete or enable/disable buttons.
    await m.locator('tr.ant-table-row').first().waitFor();
    await btn(m, '导出').waitFor();
    expect(await btn(m, '新增用户').count()).toBe(0);
    expect(
      await m
        .locator('tr.ant-table-row')
        .getByRole('button', { name: /编\s*辑|删\s*除|停\s*用/ })
        .count(),
    ).toBe(0);
    const token = await tokenOf(m);
    expect(token).not.toBe('');
    const before = await exportStatus(m, token);
    expect(before.status).toBe(200);
    expect(before.type).toContain('spreadsheetml');

    // 4. The admin removes the export action from the role.
    row = await findRoleRow(a);
    await row.getByRole('button', { name: '编辑权限' }).click();
    node = await grantNode(a);
    const exportBox = node.getByRole('checkbox', { name: '用户管理 导出' });
    await a.waitForFunction(
      () =>
        (
          document.querySelector(
            '[data-testid="grant-UserSearch"] input[aria-label="用户管理 导出"]',
          ) as HTMLInputElement | null
        )?.checked === true,
    );
    await exportBox.uncheck();
    expect(await node.getByRole('checkbox', { name: '用户管理 查询' }).isChecked()).toBe(true);
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expectMessage(a, '保存成功');

    // 5. After a reload the user has no export button, and the API refuses the export.
    await m.reload();
    await m.locator('tr.ant-table-row').first().waitFor();
    await sider.getByText('用户管理', { exact: true }).waitFor();
    expect(await btn(m, '导出').count()).toBe(0);
    const after = await exportStatus(m, token);
    expect(after.status).toBe(403);

    // 6. The role cannot be deleted while the user holds it: the server's reason is shown.
    row = await findRoleRow(a);
    await row.getByRole('button', { name: /删\s*除/ }).click();
    await a
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    const refusal = a.locator('.ant-modal').filter({ hasText: '不能删除该角色' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('仍有 1 个用户使用该角色');
    await screenshot(a, 'sys-role-delete-refused');
    await refusal.getByRole('button').first().click();

    // 7. 分配用户 (saveRoleUser): a second account holding 自定义角色 is given our role from the role list.
    const adminToken = await tokenOf(a);
    const second = await a.evaluate(
      async ({ t, username, password }) => {
        const headers = { 'X-TOKEN': t, 'Content-Type': 'application/json' };
        const roles = (
          await (await fetch('/api/role/getAllRole', { method: 'POST', headers: { 'X-TOKEN': t } })).json()
        ).data as {
          id: number;
          roleKey: string;
        }[];
        const roleId = roles.find((r) => r.roleKey === 'ROLE_USER')!.id;
        const res = await fetch('/api/sys/user/add', {
          method: 'POST',
          headers,
          body: JSON.stringify({ username, nickname: '待分配角色的账号', password, roleId }),
        });
        return { status: res.status, roleId };
      },
      { t: adminToken, username: SECOND_USERNAME, password: TEMP_PASSWORD },
    );
    expect(second.status).toBe(200);
    row = await findRoleRow(a);
    await row.getByRole('button', { name: '分配用户' }).click();
    const assign = a.locator('.ant-modal').filter({ hasText: `分配用户：${ROLE_NAME}` });
    await assign.waitFor();
    await assign.locator('.ant-select-selector').click();
    await a.keyboard.type(SECOND_USERNAME);
    await a.locator('.ant-select-item-option').filter({ hasText: SECOND_USERNAME }).click();
    // A multiple select stays open after a choice: close it before pressing the modal's button.
    await assign.locator('.ant-modal-title').click();
    await a.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    await assign.getByRole('button', { name: /分\s*配/ }).click();
    await expectMessage(a, '已为 1 个用户分配角色');
    const held = await a.evaluate(
      async ({ t, username }) => {
        const res = await fetch(`/api/sys/user/searchUserList.json?username=${username}`, {
          method: 'POST',
          headers: { 'X-TOKEN': t },
        });
        return ((await res.json()).data.list as { username: string; roleKey: string }[]).find(
          (u) => u.username === username,
        )?.roleKey;
      },
      { t: adminToken, username: SECOND_USERNAME },
    );
    expect(held).toBe(ROLE_KEY);

    expect(admin.errors).toEqual([]);
    expect(member.errors).toEqual([]);
    await member.context.close();
    await admin.context.close();
  }, 120_000);
});

describe('机构管理 (issue 11)', () => {
  const ORG_NAME = `泗阳县浏览器测试专家组${SUFFIX}`;
  const ORGS_PATH = '/admin/biz/AdminOrg/route';

  /** Picks `option` in the select whose input is `inputSelector` (the input itself is not clickable). */
  async function chooseIn(page: Page, inputSelector: string, option: string) {
    await page
      .locator('.ant-select')
      .filter({ has: page.locator(inputSelector) })
      .click();
    const item = page.locator(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    );
    await item.filter({ hasText: option }).first().click();
  }

  /** The organisation list narrowed to ORG_NAME; returns its row. */
  async function findOrgRow(page: Page) {
    await page.getByPlaceholder('机构名称（模糊匹配）').fill(ORG_NAME);
    await btn(page, '查询').click();
    const row = page.locator('tr.ant-table-row').filter({ hasText: ORG_NAME });
    await row.waitFor();
    return row;
  }

  it('at 1440 × 900 the list fits; the admin adds an organisation, edits it and sees its contacts', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 });
    await login(page, 'admin');
    await page.goto(ORGS_PATH);
    const first = page.locator('tr.ant-table-row').first();
    await first.waitFor();
    // Every column in view beside the menu: the table does not scroll sideways and 状态 is whole.
    const table = page.locator('.ant-table-content:visible, .ant-table-body:visible').first();
    const { scroll, client } = await table.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(scroll, `no sideways scroll (${scroll} > ${client})`).toBeLessThanOrEqual(client);
    const status = await page.getByRole('columnheader', { name: '状态' }).boundingBox();
    const tableBox = await table.boundingBox();
    expect(status!.x + status!.width).toBeLessThanOrEqual(tableBox!.x + tableBox!.width);
    // The seeded organisations have their contacts (no '-').
    const seeded = (await first.locator('td').nth(3).innerText()).trim();
    expect(seeded).not.toBe('-');
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'admin-org-list-1440');

    // Add: a bad phone is refused on the form, in Chinese, before anything is sent.
    await btn(page, '新增机构').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增机构' });
    await dialog.waitFor();
    await chooseIn(page, '#org_orgType', '专家机构');
    await dialog.getByLabel('机构名称').fill(ORG_NAME);
    await chooseIn(page, '#org_districtCode', '泗阳县');
    await dialog.getByLabel('联系人').fill('浏览器');
    await dialog.getByLabel('联系电话').fill('0527-8555');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('联系电话格式不正确，请输入11位手机号或座机号（如0527-84361234）').waitFor();
    await dialog.getByLabel('联系电话').fill('0527-85551234');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expectMessage(page, '新增成功');
    let row = await findOrgRow(page);
    let text = await row.innerText();
    for (const shown of ['专家机构', '泗阳县', '浏览器', '0527-85551234', '正常'])
      expect(text).toContain(shown);

    // Edit the contacts: the mobile is listed masked.
    await row.getByText('编辑', { exact: true }).click();
    const edit = page.locator('.ant-modal').filter({ hasText: `编辑机构：${ORG_NAME}` });
    await edit.waitFor();
    expect(await edit.locator('#org_orgType').isDisabled()).toBe(true);
    await edit.getByLabel('联系人').fill('测试联系人');
    await edit.getByLabel('联系电话').fill('13912340000');
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await expectMessage(page, '保存成功');
    row = await findOrgRow(page);
    await row.getByText('测试联系人').waitFor();
    text = await row.innerText();
    expect(text).toContain('139****0000');
    expect(text).not.toContain('0527-85551234');

    // A member of the organisation signs in while it is active ...
    const memberName = `e2e_org_${SUFFIX.toLowerCase()}`;
    const made = await page.evaluate(
      async ({ t, name, username, password }) => {
        const post = async (url: string, body?: unknown) =>
          (
            await fetch(url, {
              method: 'POST',
              headers: body ? { 'X-TOKEN': t, 'Content-Type': 'application/json' } : { 'X-TOKEN': t },
              ...(body ? { body: JSON.stringify(body) } : {}),
            })
          ).json();
        const org = (await post(`/api/sys/org/getOrgList.json?name=${encodeURIComponent(name)}`)).data
          .list[0];
        const roles = (await post('/api/role/getAllRole')).data as { id: number; roleKey: string }[];
        const roleId = roles.find((r) => r.roleKey === 'ROLE_EXPERT')!.id;
        const res = await post('/api/sys/user/add', {
          username,
          nickname: '专家组成员',
          password,
          mustChangePassword: false,
          roleId,
          orgId: org.id,
        });
        return res.error as number;
      },
      { t: await tokenOf(page), name: ORG_NAME, username: memberName, password: NEW_PASSWORD },
    );
    expect(made).toBe(0);
    const member = await openPage(browser);
    await login(member.page, memberName, NEW_PASSWORD);

    // ... 停用 after confirming: the status shows it, and the member is out.
    await row.getByText('停用', { exact: true }).click();
    await confirmPopconfirm(page, /停\s*用/);
    await expectMessage(page, '已停用，该机构的用户不能再登录');
    row = await findOrgRow(page);
    await row.getByText('启用', { exact: true }).waitFor();
    await screenshot(page, 'admin-org-edited');
    await member.page.goto('/user/login');
    await loginViaForm(member.page, memberName, NEW_PASSWORD);
    const refused = member.page.getByTestId('login-error');
    await refused.waitFor();
    expect(await refused.innerText()).toContain('所属机构已停用，暂不能登录，请联系管理员');
    await member.context.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
  it('exports users with mobiles masked; full mobiles only with the box ticked and a reason (security.md P04)', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'admin');
    await page.goto(USERS_PATH);
    await page.getByPlaceholder('用户名（模糊匹配）').fill('insurer');
    await btn(page, '查询').click();
    await page.locator('tr.ant-table-row').filter({ hasText: '138****0005' }).first().waitFor();

    /** Exports through the dialog and answers the 手机号 cell of the demo insurer account. */
    const exportInsurer = async (full: string | null): Promise<string> => {
      await btn(page, '导出').first().click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '导出用户' });
      await dialog.waitFor();
      if (full !== null) {
        await checkControl(dialog.getByRole('checkbox', { name: '导出完整手机号' }));
        // No reason: stopped at the field.
        await dialog.getByRole('button', { name: /导\s*出/ }).click();
        await dialog.getByText('请填写导出完整手机号的原因（将记入操作日志）').waitFor();
        await dialog.getByLabel('导出原因').fill(full);
      }
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: /导\s*出/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('用户列表.xlsx');
      await dialog.waitFor({ state: 'hidden' });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(await download.path());
      const ws = wb.worksheets[0]!;
      let mobile = '';
      ws.eachRow((row) => {
        if (row.getCell(1).value === 'insurer') mobile = String(row.getCell(5).value);
      });
      return mobile;
    };

    expect(await exportInsurer(null)).toBe('138****0005');
    await expectMessage(page, '已导出');
    expect(await exportInsurer('核对保险机构联系人手机号（浏览器测试）')).toBe('13805270005');
    await expectMessage(page, '（含完整手机号）');
    expect(errors).toEqual([]);
    await context.close();
  });
});
