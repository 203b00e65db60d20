import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkControl,
  expectMessage,
  launchBrowser,
  login,
  openPage,
  settledDrawer,
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

const stamp = Date.now().toString(36);
const PUBLIC_TITLE = `关于开展安责险续保工作的通知${stamp}`;
const TARGETED_TITLE = `宿城区投保企业专项提醒${stamp}`;

/** Fills and publishes a notice through the admin's drawer form. */
async function publishNotice(
  page: Page,
  title: string,
  body: string,
  targets: { roles?: string[]; districts?: string[] } = {},
): Promise<void> {
  await page.getByRole('button', { name: /新增通知公告/ }).click();
  const drawer = await settledDrawer(page, '新增通知公告');
  await drawer.locator('#article-notice_title').fill(title);
  await drawer.locator('#article-notice_summary').fill(`${title}的摘要`);
  const targetsBox = drawer.getByTestId('notice-targets');
  for (const r of targets.roles ?? []) await checkControl(targetsBox.getByLabel(r, { exact: true }));
  for (const d of targets.districts ?? []) await checkControl(targetsBox.getByLabel(d, { exact: true }));
  // The district select of the address picker is hidden on the notice screens (spec 5): districts are a list.
  expect(await drawer.locator('.ant-select').filter({ hasText: '区' }).count()).toBe(0);
  const editor = drawer.getByRole('textbox', { name: '正文' });
  await editor.click();
  await page.keyboard.type(body);
  // Bold the first two characters with the toolbar.
  await page.keyboard.press('Home');
  await page.keyboard.down('Shift');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.up('Shift');
  await drawer.getByRole('button', { name: '加粗' }).click();
  expect(await editor.locator('strong').count()).toBe(1);
  await drawer.getByRole('button', { name: '保存并发布' }).click();
  await expectMessage(page, '发布成功');
  await drawer.waitFor({ state: 'hidden' });
  await page.locator('.ant-table-row').filter({ hasText: title }).filter({ hasText: '已发布' }).waitFor();
}

describe('portal content: notices and messages', () => {
  it('admin publishes notices; a visitor reads the public one; targeted users get the message', async () => {
    // 1. The admin publishes a public notice and one for enterprises in 宿城区, through the UI.
    const admin = await openPage(browser);
    await login(admin.page, 'admin');
    await admin.page.goto('/admin/content/AdminNotice/route');
    await waitForTitle(admin.page, '通知公告');
    await publishNotice(admin.page, PUBLIC_TITLE, '各投保企业：请于本月底前完成续保。');
    await publishNotice(admin.page, TARGETED_TITLE, '宿城区企业请按时参加培训。', {
      roles: ['投保企业'],
      districts: ['宿城区'],
    });
    const row = admin.page.locator('.ant-table-row').filter({ hasText: TARGETED_TITLE });
    expect(await row.textContent()).toContain('投保企业；宿城区');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // 2. A visitor without login sees the public notice (not the targeted one) and opens it.
    const visitor = await openPage(browser);
    await visitor.page.goto('/portal/notice?currentTab=1');
    await waitForTitle(visitor.page, '通知公告');
    const list = visitor.page.getByTestId('portal-notice-list');
    await list.getByRole('link', { name: PUBLIC_TITLE }).waitFor();
    expect(await list.getByRole('link', { name: TARGETED_TITLE }).count()).toBe(0);
    await list.getByRole('link', { name: PUBLIC_TITLE }).click();
    await waitForPath(visitor.page, '/portal/notice/detail');
    await visitor.page.locator('.aq-article h1').filter({ hasText: PUBLIC_TITLE }).waitFor();
    const body = visitor.page.locator('.aq-article .aq-rich-text');
    expect(await body.textContent()).toContain('请于本月底前完成续保');
    expect(await body.locator('strong').textContent()).toBe('各投');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    // 3. The enterprise user of 宿城区 has both messages; opening one marks it read and leads to the notice.
    const ent = await openPage(browser);
    await login(ent.page, 'ent');
    await ent.page.goto('/ent/center/EntMessage/route');
    await waitForTitle(ent.page, '消息中心');
    const targeted = ent.page.locator('.ant-table-row').filter({ hasText: TARGETED_TITLE });
    await targeted.waitFor();
    await ent.page.locator('.ant-table-row').filter({ hasText: PUBLIC_TITLE }).waitFor();
    expect(await targeted.textContent()).toContain('未读');
    await targeted.getByText(`通知公告：${TARGETED_TITLE}`).click();
    const modal = ent.page.locator('.ant-modal-content').filter({ hasText: TARGETED_TITLE });
    await modal.waitFor();
    await targeted.filter({ hasText: '已读' }).waitFor();
    await modal.getByRole('button', { name: '查看详情' }).click();
    await waitForPath(ent.page, '/portal/notice/detail');
    await ent.page.locator('.aq-article h1').filter({ hasText: TARGETED_TITLE }).waitFor();
    expect(ent.errors).toEqual([]);
    await ent.context.close();

    // 4. An insurer is outside the audience of the targeted notice: only the public one arrives.
    const ins = await openPage(browser);
    await login(ins.page, 'insurer');
    await ins.page.goto('/insurance/org/InsuranceMessage/route');
    await ins.page.locator('.ant-table-row').filter({ hasText: PUBLIC_TITLE }).waitFor();
    expect(await ins.page.locator('.ant-table-row').filter({ hasText: TARGETED_TITLE }).count()).toBe(0);
    await ins.context.close();
  });

  it('portal help, explanation pages and the rules library open without login', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/portal/policy');
    await waitForTitle(page, '保单与法规');
    const rules = page.getByTestId('portal-rule-list');
    await rules.getByRole('link', { name: /安全生产责任保险实施办法（2025年修订）/ }).click();
    const detail = page.getByTestId('portal-rule-detail');
    await detail.waitFor();
    expect(await detail.textContent()).toContain('应急〔2025〕27号');
    await page.goto('/portal/claim');
    await waitForTitle(page, '事故理赔');
    await page.getByRole('button', { name: /登录后进入事故理赔/ }).click();
    await waitForPath(page, '/user/login');
    await page.goto('/portal/help');
    await waitForTitle(page, '帮助中心');
    await page.getByLabel('全站搜索').fill('安全生产');
    await page.getByLabel('全站搜索').press('Enter');
    await page.getByTestId('site-search').locator('.aq-portal-list li').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
