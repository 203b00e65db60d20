import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkControl,
  launchBrowser,
  login,
  loginViaForm,
  openPage,
  screenshot,
  waitForPath,
} from './helpers.ts';

/**
 * Registration and recovery in the browser (issue 16): a service organisation registers with an SMS code
 * the operations admin reads on 短信发件箱 (the development outbox), the admin approves it on 注册审核, it
 * signs in and lands on its page; then it recovers its password by SMS and signs in with the new one.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MOBILE = '13955550123';
const USERNAME = 'e2e_service_reg';
const PASSWORD = 'Reg#2026safe';
const ORG = '宿迁市端到端安全技术服务有限公司';
// 91321311MA4E2E0 + check digit, computed like contracts' usccCheckChar.
function uscc(first17: string): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const w = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...first17].reduce((s, c, i) => s + chars.indexOf(c) * w[i]!, 0);
  return first17 + chars[(31 - (sum % 31)) % 31];
}
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0,
  1,
]);

async function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

async function choose(page: Page, label: string, option: string) {
  await (await field(page, label)).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(option)
    .last()
    .click();
  await page.keyboard.press('Escape');
}

/** The newest code the outbox page shows for the mobile (the admin's own session). */
async function codeFromOutbox(admin: Page, purpose: string): Promise<string> {
  await admin.goto('/admin/system/AdminSmsOutbox/route');
  // The outbox shows mobiles masked (security P04); its search takes the whole number.
  await admin.getByPlaceholder('完整的11位手机号').fill(MOBILE);
  await admin.getByRole('button', { name: /查\s*询/ }).click();
  const masked = `${MOBILE.slice(0, 3)}****${MOBILE.slice(-4)}`;
  const row = admin.locator('tr', { hasText: masked }).filter({ hasText: purpose }).first();
  await row.waitFor({ timeout: 15_000 });
  const text = await row.innerText();
  return /验证码为(\d{6})/.exec(text)![1]!;
}

describe('registration and recovery', () => {
  it('a service organisation registers with a code from the outbox, is approved, signs in; then recovers its password', async () => {
    const { page } = await openPage(browser);
    const { page: admin } = await openPage(browser);
    await login(admin, 'admin');

    // The applicant fills the form; 提交注册 waits for the mobile.
    await page.goto('/user/login');
    await page.getByRole('link', { name: '服务机构注册' }).click();
    await waitForPath(page, '/portal/serviceReg');
    await page.getByText('请先完成手机号验证再上传').waitFor();
    expect(await page.getByRole('button', { name: /提交注册/ }).isDisabled()).toBe(true);
    await (await field(page, '机构名称')).fill(ORG);
    await (await field(page, '统一社会信用代码')).fill(uscc('91321311MA4E2E0EX'));
    await choose(page, '所属区县', '宿豫区');
    await (await field(page, '联系人')).fill('端到端');
    await (await field(page, '资质证书编号')).fill('APJ-E2E-2026');
    await (await field(page, '资质有效期至')).click();
    await (await field(page, '资质有效期至')).fill('2030-12-31');
    await page.keyboard.press('Enter');
    await checkControl(page.getByLabel('03 生产安全事故隐患排查'));
    await (await field(page, '从业人员数')).fill('15');
    await choose(page, '服务区域', '宿豫区');

    await (await field(page, '手机号')).fill(MOBILE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送，5分钟内有效').first().waitFor();
    const code = await codeFromOutbox(admin, '注册');
    await (await field(page, '短信验证码')).fill(code);
    await page.getByRole('button', { name: '验证手机号' }).click();
    await page.getByText('手机号已验证').waitFor();

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: '资质证书.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('已上传：资质证书.png').waitFor();
    await (await field(page, '用户名')).fill(USERNAME);
    await (await field(page, '密码')).fill(PASSWORD);
    await (await field(page, '确认密码')).fill(PASSWORD);
    await page.getByRole('button', { name: /提交注册/ }).click();
    await page.getByText('注册申请已提交，请等待运营中心审核').waitFor({ timeout: 15_000 });

    // Before approval the sign-in shows the status page.
    await page.getByRole('button', { name: '返回登录' }).click();
    await loginViaForm(page, USERNAME, PASSWORD);
    await waitForPath(page, '/portal/regStatus');
    await page.getByText('申请正在审核中').waitFor();

    // The admin approves it on 注册审核.
    await admin.goto('/admin/biz/AdminRegistration/route');
    const row = admin.locator('tr', { hasText: USERNAME }).first();
    await row.waitFor({ timeout: 15_000 }).catch(async (e: unknown) => {
      await screenshot(admin, 'registration-admin-list');
      throw e;
    });
    expect(await row.innerText()).toContain('139****0123');
    await row.getByText('审核', { exact: true }).click();
    await admin.locator('.ant-drawer').getByText('APJ-E2E-2026').waitFor();
    await admin.getByRole('button', { name: '审核通过' }).click();
    await admin.getByText('已审核通过，账号已开通').waitFor();

    // It signs in and lands on its page.
    await page.goto('/user/login');
    await loginViaForm(page, USERNAME, PASSWORD);
    await waitForPath(page, '/service/serviceAp');
    await page.getByTestId('user-menu').first().waitFor();

    // Password recovery by SMS ends that session.
    const { page: recover } = await openPage(browser);
    await recover.goto('/user/login');
    await recover.getByRole('link', { name: '忘记密码' }).click();
    await waitForPath(recover, '/user/recover');
    await (await field(recover, '用户名或手机号')).fill(USERNAME);
    await recover.getByRole('button', { name: '获取验证码' }).click();
    await recover
      .getByText(/如账号存在，验证码已发送/)
      .first()
      .waitFor();
    const resetCode = await codeFromOutbox(admin, '找回密码');
    await (await field(recover, '短信验证码')).fill(resetCode);
    await (await field(recover, '新密码')).fill('New#Pass2026e');
    await (await field(recover, '确认新密码')).fill('New#Pass2026e');
    await recover.getByRole('button', { name: /重置密码/ }).click();
    await recover.getByText('密码已重置，请使用新密码登录').waitFor({ timeout: 15_000 });

    await recover.getByRole('button', { name: '去登录' }).click();
    await loginViaForm(recover, USERNAME, PASSWORD);
    await recover.getByTestId('login-error').getByText('用户不存在/密码错误').waitFor();
    await loginViaForm(recover, USERNAME, 'New#Pass2026e');
    await waitForPath(recover, '/service/serviceAp');
  }, 240_000);
});
