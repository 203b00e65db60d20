import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, openPage, waitForPath, waitForTitle } from './helpers.ts';

/**
 * The operations admin's workbench (运营中心 › 工作台): the admin logs in, lands on it, sees real
 * figures (the same totals the APIs give) and follows a link to the screen behind one of them.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const INDEX = '/admin/home/AdminIndex/route';

/** `total` of a one-row page of `url`, asked with the page's own token. */
async function totalOf(page: Page, url: string): Promise<number> {
  return page.evaluate(async (u) => {
    const raw = localStorage.getItem('aqzrx__Access-Token') ?? '';
    let token = raw;
    try {
      token = (JSON.parse(raw) as { value?: string }).value ?? raw;
    } catch {
      // stored as a plain string
    }
    const r = await fetch(u, { method: 'POST', headers: { 'X-TOKEN': token } });
    return ((await r.json()) as { data: { total: number } }).data.total;
  }, url);
}

const figure = (page: Page, testId: string) => page.getByTestId(testId);

/** The calls the workbench used to make one by one for its figures (before issue 19). */
const FIGURE_LISTS = [
  '/api/sys/user/searchUserList.json',
  '/api/manage/articles/getConsultList',
  '/api/manage/articles/getArticleList',
  '/api/log/sysLogs/searchLogList.json',
  '/api/request-log/list',
  '/api/public/portalStats',
];
const digits = (s: string) => Number((/[\d,]+/.exec(s)?.[0] ?? '').replace(/,/g, ''));

describe('operations admin workbench', () => {
  it('admin lands on the workbench, sees the figures and follows a link', async () => {
    const { page, context, errors } = await openPage(browser);
    // Every /api call the browser makes, by path, from the login on.
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) apiCalls.push(path);
    });
    await login(page, 'admin');
    await waitForPath(page, INDEX);
    await waitForTitle(page, '工作台');
    expect(await page.getByText('页面不存在或正在开发中').count()).toBe(0);

    // Users: the figure is the API's total.
    const users = figure(page, 'fig-users');
    await users.locator('.ant-statistic-content-value').filter({ hasText: /\d/ }).waitFor();
    // Every figure comes from exactly one request, and none from the lists behind the cards (checked
    // before this test reads a list total itself).
    expect(apiCalls.filter((p) => p === '/api/workbench/admin')).toHaveLength(1);
    expect(apiCalls.filter((p) => FIGURE_LISTS.includes(p))).toEqual([]);
    const shownUsers = digits(await users.locator('.ant-statistic-content-value').innerText());
    expect(shownUsers).toBe(await totalOf(page, '/api/sys/user/searchUserList.json?pageNo=1&pageSize=1'));
    expect(shownUsers).toBeGreaterThanOrEqual(7); // the demo accounts
    await users.getByText(/停用 \d+ 人/).waitFor();

    for (const id of ['fig-consults', 'fig-notices'])
      await figure(page, id).locator('.ant-statistic-content-value').filter({ hasText: /\d/ }).waitFor();
    // The logs' figures are the audit administrator's (三权分立, admin-duties.e2e.test.ts).
    for (const id of ['fig-requests', 'fig-login-fails', 'recent-logs'])
      expect(await page.getByTestId(id).count()).toBe(0);

    // Quick links the admin holds.
    const quick = page.getByTestId('quick-links');
    for (const label of ['新增用户', '发布通知', '角色权限', '平台设置'])
      await quick.getByRole('button', { name: new RegExp(label) }).waitFor();

    // The portal statistics strip.
    await page.getByTestId('portal-strip').getByText('投保企业').waitFor();
    // Still the one request: the page asked nothing more for its figures.
    expect(apiCalls.filter((p) => p === '/api/workbench/admin')).toHaveLength(1);

    // Follow the pending-consultations figure to the consultation screen.
    await figure(page, 'fig-consults').click();
    await waitForPath(page, '/admin/content/AdminConsult/route');
    await waitForTitle(page, '咨询管理');

    // And the notices figure to the notices.
    await page.goBack();
    await waitForPath(page, INDEX);
    await figure(page, 'fig-notices').click();
    await waitForPath(page, '/admin/content/AdminNotice/route');

    expect(errors).toEqual([]);
    await context.close();
  });
});
