import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseFromDropdown,
  expectMessage,
  LANDING,
  launchBrowser,
  login,
  openPage,
  pathOf,
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

async function clickTab(page: Page, label: string): Promise<void> {
  await page.locator('.aq-portal-nav').getByRole('button', { name: label, exact: true }).click();
}

async function portalAs(username: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openPage(browser);
  await login(page, username);
  await page.goto('/portal/index');
  await page.locator('.aq-portal-nav').waitFor();
  return { page, close: () => context.close() };
}

describe('portal home (spec 2.5, 9)', () => {
  it('shows the banner, notices, help entry and the six statistics from the API', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/portal/index');
    await waitForTitle(page, '首页');
    const stats = page.getByTestId('portal-stats');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="portal-stats"] .aq-stat-value').length === 6,
    );
    const text = (await stats.textContent()) ?? '';
    for (const [label, unit] of [
      ['投保企业', '家'],
      ['保费', '元'],
      ['保额', '万元'],
      ['事故预防费用', '元'],
      ['理赔案件', '件'],
      ['理赔费用', '元'],
    ]) {
      expect(text).toContain(label);
      expect(text).toContain(unit);
    }
    // Notices come from the API; each opens its detail page (public).
    const first = page.getByTestId('notice-card-1').locator('.aq-notice-list a').first();
    const noticeTitle = ((await first.textContent()) ?? '').replace(/^置顶\s*/, '');
    await page.getByTestId('notice-card-2').locator('.aq-notice-list a, .ant-empty').first().waitFor();
    await first.click();
    await waitForPath(page, '/portal/notice/detail');
    await page.locator('.aq-article h1').filter({ hasText: noticeTitle }).waitFor();
    await page.waitForFunction((t) => document.title.startsWith(t), noticeTitle);
    await page.goBack();
    await page.getByRole('button', { name: /进入帮助中心/ }).click();
    await waitForPath(page, '/portal/help');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('portal footer links (spec 2.5)', () => {
  it('lead to the single page by aid, without a login (the single page is public)', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/portal/index');
    const link = page.getByTestId('site-footer').locator('a[href^="/portal/singlePage?aid="]').first();
    const title = (await link.textContent()) ?? '';
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await waitForPath(page, '/portal/singlePage');
    expect(pathOf(page)).toBe(href);
    await page.locator('.ant-card-head-title').filter({ hasText: title }).waitFor();
    await page.locator('.aq-rich-text').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('portal header tabs (spec 2.5)', () => {
  it('without a token the tabs lead to login, with the tab as redirect', async () => {
    const { page, context } = await openPage(browser);
    for (const [tab, key] of [
      ['企业投保', 'insure'],
      ['事故理赔', 'claim'],
      ['事故预防', 'ap'],
    ]) {
      await page.goto('/portal/index');
      await clickTab(page, tab!);
      await waitForPath(page, '/user/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/portal/enter/${key}`);
    }
    await page.goto('/portal/index');
    await clickTab(page, '首页');
    expect(pathOf(page)).toBe('/portal/index');
    await context.close();
  });

  it('enterprise: 企业投保 and 事故理赔 open its pages, 事故预防 its AP page', async () => {
    const { page, close } = await portalAs('ent');
    await clickTab(page, '企业投保');
    await waitForPath(page, '/ent/Entazx/EntInsuranceManage/route');
    await page.goto('/portal/index');
    await clickTab(page, '事故理赔');
    await waitForPath(page, '/ent/Entazx/EntClaimManage/route');
    await page.goto('/portal/index');
    await clickTab(page, '事故预防');
    await waitForPath(page, LANDING.ent);
    await close();
  });

  it('insurance: 企业投保 refused, 事故理赔 opens its claims page', async () => {
    const { page, close } = await portalAs('insurer');
    await clickTab(page, '企业投保');
    await expectMessage(page, '企业用户才可以进入!');
    expect(pathOf(page)).toBe('/portal/index');
    await clickTab(page, '事故理赔');
    await waitForPath(page, '/insurance/azx/ClaimManage/route');
    await close();
  });

  it('government: both insurance tabs refused with their messages, 事故预防 allowed', async () => {
    const { page, close } = await portalAs('gov');
    await clickTab(page, '企业投保');
    await expectMessage(page, '企业用户才可以进入!');
    await clickTab(page, '事故理赔');
    await expectMessage(page, '企业用户或者保险用户才可以进入!');
    expect(pathOf(page)).toBe('/portal/index');
    await clickTab(page, '事故预防');
    await waitForPath(page, LANDING.gov);
    await close();
  });

  it('operations admin: 事故预防 refused with 运营用户无该权限!', async () => {
    const { page, close } = await portalAs('admin');
    await clickTab(page, '事故预防');
    await expectMessage(page, '运营用户无该权限!');
    expect(pathOf(page)).toBe('/portal/index');
    await close();
  });

  it('the portal user menu offers 进入后台, 修改密码 and 退出登录', async () => {
    const { page, close } = await portalAs('service');
    await page.getByTestId('user-menu').click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    for (const item of ['进入后台', '修改密码', '退出登录']) await menu.getByText(item).waitFor();
    await chooseFromDropdown(page, page.getByTestId('user-menu'), '进入后台', () =>
      page.waitForURL((u) => u.pathname === LANDING.service, { timeout: 20_000 }),
    );
    await page.goto('/portal/index');
    await chooseFromDropdown(page, page.getByTestId('user-menu'), '退出登录', () =>
      page.locator('.ant-modal-confirm').getByText('真的要注销登录吗 ?').waitFor({ timeout: 20_000 }),
    );
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await waitForPath(page, '/user/login');
    await close();
  });
});
