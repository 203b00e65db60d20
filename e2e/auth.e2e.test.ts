import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseFromDropdown,
  DEMO_PASSWORD,
  expectMessage,
  LANDING,
  launchBrowser,
  loginThroughForm,
  loginViaForm,
  openPage,
  pathOf,
  restoreDemoPassword,
  waitForPath,
  waitForTitle,
} from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Chooses a user-menu item; 修改密码 and 退出登录 are done once their dialog shows. */
async function openUserMenuItem(page: Page, item: '修改密码' | '退出登录'): Promise<void> {
  const dialog =
    item === '修改密码'
      ? page.locator('.ant-modal').filter({ hasText: '修改密码' })
      : page.locator('.ant-modal-confirm').getByText('真的要注销登录吗 ?');
  // A click that landed opens its dialog however slow the machine is; a retry after a short wait would open a
  // second one (the logout test then waited for a confirm that never went away).
  await chooseFromDropdown(page, page.getByTestId('user-menu').first(), item, () =>
    dialog.first().waitFor({ timeout: 20_000 }),
  );
}

describe('login lands each demo account on its page (spec 2.3)', () => {
  it('admin lands on 工作台 showing the platform figures and its quick links', async () => {
    const { page, context, errors } = await openPage(browser);
    await loginThroughForm(page, 'admin');
    await waitForPath(page, '/admin/home/AdminIndex/route');
    await waitForTitle(page, '工作台');
    for (const id of ['fig-users', 'fig-consults', 'fig-notices'])
      await page.getByTestId(id).locator('.ant-statistic-content-value').filter({ hasText: /\d/ }).waitFor();
    await page
      .getByTestId('quick-links')
      .getByRole('button', { name: /新增用户/ })
      .waitFor();
    expect(await page.getByText('页面不存在或正在开发中').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  // The other roles land on an accident-prevention (事故预防) page: the route and its title are checked for
  // each, then what each page shows.
  // The security and audit administrators (三权分立) land on their own first pages.
  it.each([
    ['secadmin', LANDING.secadmin, '安全设置'],
    ['auditor', LANDING.auditor, '审计概览'],
  ])('%s → %s (%s)', async (username, landing, title) => {
    const { page, context, errors } = await openPage(browser);
    await loginThroughForm(page, username);
    await waitForPath(page, landing);
    await waitForTitle(page, title);
    expect(await page.getByText('页面不存在或正在开发中').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  const AP_LANDINGS: Array<[string, string, string]> = [
    ['gov', LANDING.gov, '事故预防监管'],
    ['ent', LANDING.ent, '预防服务'],
    ['insurer', LANDING.insurer, '预防服务管理'],
    ['service', LANDING.service, '预防服务'],
    ['expert', LANDING.expert, '预防服务'],
  ];
  it.each(AP_LANDINGS)('%s → %s (%s)', async (username, landing, title) => {
    const { page, context, errors } = await openPage(browser);
    await loginThroughForm(page, username);
    await waitForPath(page, landing);
    await waitForTitle(page, title);
    expect(errors).toEqual([]);
    await context.close();
  });
  it('gov lands on 事故预防监管 (GovernmentAp) showing the services, the prevention fund and the hazards of its districts', async () => {
    const { page, context, errors } = await openPage(browser);
    await loginThroughForm(page, 'gov');
    await waitForPath(page, LANDING.gov);
    await waitForTitle(page, '事故预防监管');
    for (const id of [
      'ap-fig-projects',
      'ap-fig-services',
      'ap-fig-accrued',
      'ap-fig-spent',
      'ap-fig-hazards',
    ])
      await page.getByTestId(id).locator('.ant-statistic-content-value').filter({ hasText: /\d/ }).waitFor();
    await page.getByTestId('ap-overview-districts').locator('tr.ant-table-row').first().waitFor();
    expect(await page.getByText('页面不存在或正在开发中').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
  /** Column titles of the first table on the page, and its row count once rows are there. */
  async function tableOf(page: Page): Promise<{ headers: string[]; rows: number }> {
    await page.locator('tr.ant-table-row').first().waitFor({ timeout: 15_000 });
    const headers = (await page.locator('.ant-table-thead').first().locator('th').allInnerTexts()).map((t) =>
      t.trim(),
    );
    return { headers, rows: await page.locator('tr.ant-table-row').count() };
  }

  it('ent lands on 预防服务 (EntAPQuery) showing its to-dos and its own prevention services (服务名称, 服务机构, 服务时间, 计划状态)', async () => {
    const { page, context, errors } = await openPage(browser);
    await loginThroughForm(page, 'ent');
    await waitForPath(page, LANDING.ent);
    await page
      .getByTestId('ent-ap-todos')
      .getByText(/^待办（\d+）$/)
      .waitFor();
    const { headers, rows } = await tableOf(page);
    expect(headers).toEqual(
      expect.arrayContaining(['服务名称', '服务项目', '服务机构', '服务时间', '计划状态']),
    );
    expect(headers).not.toContain('被服务单位');
    expect(rows).toBeGreaterThan(0);
    expect(await page.getByTestId('plan-status').first().textContent()).toMatch(/待服务|服务中|已完成/);
    expect(await page.getByText('页面不存在或正在开发中').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
  it('insurer lands on 预防服务管理 (InsuranceApManage) showing its prevention projects (项目名称, 合同编号, 保单号, 服务机构, 状态)', async () => {
    const { page, context, errors } = await openPage(browser);
    await loginThroughForm(page, 'insurer');
    await waitForPath(page, LANDING.insurer);
    const { headers, rows } = await tableOf(page);
    expect(headers).toEqual(
      expect.arrayContaining(['项目名称', '合同编号', '保单号', '服务机构', '进度', '状态']),
    );
    expect(rows).toBeGreaterThan(0);
    expect(await page.getByTestId('project-state').first().textContent()).toMatch(/待制定计划|进行中|已完成/);
    for (const tab of ['全部', '已成立', '进行中', '已结束', '费用台账'])
      await page.getByRole('tab', { name: tab }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
  it.each([
    ['service', LANDING.service],
    ['expert', LANDING.expert],
  ])(
    '%s lands on 预防服务 showing its to-dos and the services it delivers (服务名称, 被服务单位, 服务时间, 计划状态)',
    async (username, landing) => {
      const { page, context, errors } = await openPage(browser);
      await loginThroughForm(page, username);
      await waitForPath(page, landing);
      await page
        .getByTestId('provider-todos')
        .getByText(/^待办（\d+）$/)
        .waitFor();
      const { headers, rows } = await tableOf(page);
      expect(headers).toEqual(
        expect.arrayContaining(['服务名称', '被服务单位', '项目', '服务时间', '计划状态']),
      );
      expect(rows).toBeGreaterThan(0);
      expect(await page.getByText('页面不存在或正在开发中').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('ent2 (status 3) lands on its page and sees only the complete-information prompt', async () => {
    const { page, context } = await openPage(browser);
    await loginThroughForm(page, 'ent2');
    await waitForPath(page, LANDING.ent2);
    await page.getByText('请先完善企业信息后再访问其他页面').waitFor();
    expect(await page.getByText('页面不存在或正在开发中').count()).toBe(0);
    // Every other back-office page shows the same prompt.
    await page.goto('/ent/Entazx/EntClaimManage/route');
    await page.getByText('请先完善企业信息后再访问其他页面').waitFor();
    // 返回 goes back, 完善信息 opens the edit page, which is not blocked.
    await page.getByRole('button', { name: /^返\s?回$/ }).click();
    await waitForPath(page, LANDING.ent2);
    await page.getByRole('button', { name: '完善信息' }).click();
    await waitForPath(page, '/ent/EntInfoEdit');
    // The gate's own title is also 企业信息未完善: wait for text only the edit form has.
    await page.getByText('完善后即可使用平台的其他功能', { exact: false }).waitFor();
    expect(await page.getByText('请先完善企业信息后再访问其他页面').count()).toBe(0);
    await page.goBack();
    await page.getByRole('button', { name: '返回首页' }).click();
    await waitForPath(page, '/portal/index');
    await context.close();
  });
});

describe('the login form is on screen before the app has loaded (issue 18)', () => {
  it('the HTML form takes typing while the scripts are held back; the app keeps what was typed and the click on 登录, in the same place', async () => {
    const { page, context, errors } = await openPage(browser);
    // Hold every script until the person has typed and clicked: what a slow line or a slow phone does.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/user/login', { waitUntil: 'commit' });
    const shell = page.getByTestId('login-shell');
    await shell.getByPlaceholder('用户名').fill('ent');
    const before = await shell.getByPlaceholder('用户名').boundingBox();
    await shell.getByPlaceholder('密码').fill(DEMO_PASSWORD);
    await shell.getByText('登 录', { exact: true }).click();
    expect(await page.locator('.ant-input').count()).toBe(0);
    release();
    // The app's form takes over: the values and the pending click go on to sign in as the button would.
    await waitForPath(page, LANDING.ent, 30_000);
    await page.getByTestId('user-menu').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('login-shell').count()).toBe(0);
    expect(errors).toEqual([]);

    // Opened again without holding anything, after signing out: the app's field is where the HTML one was.
    await page.unroute(/\/assets\/.*\.js$/);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/user/login');
    const field = page.locator('.ant-input-affix-wrapper input[placeholder="用户名"]');
    await field.waitFor();
    const after = await field.boundingBox();
    expect(Math.abs((after?.x ?? 0) - (before?.x ?? -99))).toBeLessThanOrEqual(1);
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? -99))).toBeLessThanOrEqual(1);
    expect(Math.abs((after?.width ?? 0) - (before?.width ?? -99))).toBeLessThanOrEqual(1);
    expect(await page.getByTestId('login-shell').count()).toBe(0);
    await context.close();
  });
});

describe('login failures and logout', () => {
  it('a wrong password shows the server message in the form and stays on the page', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/user/login');
    await loginViaForm(page, 'gov', 'Wrong-2026x');
    await page.getByTestId('login-error').filter({ hasText: '用户不存在/密码错误' }).waitFor();
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    expect(pathOf(page)).toBe('/user/login');
    await context.close();
  });

  it('logout asks 真的要注销登录吗 ? and returns to login', async () => {
    const { page, context } = await openPage(browser);
    await loginThroughForm(page, 'insurer');
    await openUserMenuItem(page, '退出登录');
    await page.locator('.ant-modal-confirm').getByText('真的要注销登录吗 ?').waitFor();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    expect(pathOf(page)).toBe(LANDING.insurer);
    await page.waitForFunction(() => document.querySelectorAll('.ant-modal-confirm').length === 0);
    await openUserMenuItem(page, '退出登录');
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await waitForPath(page, '/user/login');
    expect(await page.evaluate(() => localStorage.getItem('aqzrx__Access-Token'))).toBeNull();
    await page.goto(LANDING.insurer);
    await waitForPath(page, '/user/login');
    await context.close();
  });
});

describe('change password (spec 5): changes expert’s password, then puts the demo password back', () => {
  const NEW_PASSWORD = 'Safety#2027';

  it('shows the form messages, the server refusal, then succeeds and logs out', async () => {
    const { page, context } = await openPage(browser);
    await loginThroughForm(page, 'expert');
    await openUserMenuItem(page, '修改密码');
    const dialog = page.locator('.ant-modal').filter({ hasText: '修改密码' });
    await dialog.waitFor();
    const ok = dialog.getByRole('button', { name: /确\s*定/ });

    await ok.click();
    await dialog.getByText('请输入原密码!').waitFor();
    await dialog.getByText('请输入新密码').first().waitFor();

    await dialog.getByLabel('原密码').fill('Not-the-old-1');
    await dialog.getByLabel('新密码', { exact: true }).fill('has space1A');
    await dialog.getByText('密码不能包含空格').waitFor();
    await dialog.getByLabel('新密码', { exact: true }).fill('abcdefgh');
    await dialog.getByText('密码至少包含大写字母、小写字母、数字、特殊符号中的三类').waitFor();
    await dialog.getByLabel('新密码', { exact: true }).fill('Expert#2027');
    await dialog.getByText('密码不能包含用户名').waitFor();
    await dialog.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('确认新密码').fill(`${NEW_PASSWORD}x`);
    await ok.click();
    await dialog.getByText('两次输入的新密码不一致').waitFor();

    // The server refuses a wrong old password: its text is shown as an error.
    await dialog.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await ok.click();
    await expectMessage(page, '原密码错误');
    expect(pathOf(page)).toBe(LANDING.expert);

    await dialog.getByLabel('原密码').fill(DEMO_PASSWORD);
    await ok.click();
    await expectMessage(page, '密码修改成功，请使用新密码重新登录');
    await page.locator('.ant-message-notice-info').first().waitFor();
    await waitForPath(page, '/user/login');

    await loginViaForm(page, 'expert', DEMO_PASSWORD);
    await page.getByTestId('login-error').waitFor();
    await loginViaForm(page, 'expert', NEW_PASSWORD);
    await waitForPath(page, LANDING.expert);
    await context.close();
    // Files that run later log in as expert with the demo password.
    await restoreDemoPassword('expert', NEW_PASSWORD);
  });
});
