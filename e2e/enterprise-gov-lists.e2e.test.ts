import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, login, screenshot } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The first list's table has no sideways scroll: every column fits beside the menu. */
async function expectNoSideScroll(page: Page, what: string): Promise<void> {
  const table = page.locator('.ant-table-content:visible, .ant-table-body:visible').first();
  await table.waitFor();
  const { scroll, client } = await table.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll, `${what}: no sideways scroll (${scroll} > ${client})`).toBeLessThanOrEqual(client);
}

/** One line of text: no taller than a line, and in view without scrolling sideways. */
async function expectOneLine(page: Page, el: ReturnType<Page['locator']>, what: string): Promise<void> {
  const box = await el.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.height, `${what} is on one line`).toBeLessThan(26);
  expect(box!.x + box!.width, `${what} is in view`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

describe('the regulator’s lists at 1440 × 900 in a browser set to UTC', () => {
  it('fit without sideways scrolling, keep links on one line and show China time', async () => {
    // A browser in UTC: times must still be China time (UTC+8).
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      timezoneId: 'UTC',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const loggedInAt = Date.now();
    await login(page, 'gov');

    // 企业列表: every column in view, 详情 编辑 参数 评分 each on one line.
    await page.goto('/government/govEnt/GovEntList/route');
    const row = page.locator('tr.ant-table-row').first();
    await row.waitFor();
    await expectNoSideScroll(page, '企业列表');
    for (const link of ['详情', '编辑', '参数', '评分'])
      await expectOneLine(page, row.getByText(link, { exact: true }), `企业列表 ${link}`);
    await screenshot(page, 'gov-enterprise-list');

    // 保险业务: the policy and the claim tables fit; the policy number stays whole.
    await page.goto('/government/govInsurance/GovInsurance/route');
    const policyRow = page.locator('tr.ant-table-row').first();
    await policyRow.waitFor();
    await expectNoSideScroll(page, '保险业务 保单');
    await expectOneLine(page, policyRow.locator('a').first(), '保单号');
    await screenshot(page, 'gov-insurance-policies');
    await page.getByRole('tab', { name: '理赔案件' }).click();
    await page.getByText('本辖区理赔案件').waitFor();
    await page.locator('tr.ant-table-row').first().waitFor();
    await expectNoSideScroll(page, '保险业务 理赔案件');
    await screenshot(page, 'gov-insurance-claims');

    // 操作日志: fits with its expand column; the newest row (this login) is in China time.
    await page.goto('/government/govSystem/GovLog/route');
    const logRow = page.locator('tr.ant-table-row').first();
    await logRow.waitFor();
    await expectNoSideScroll(page, '操作日志');
    const shown = (await logRow.locator('td').nth(1).innerText()).trim();
    const m = /^(\d{4}-\d{2}-\d{2})\s+(\d{2}:\d{2}:\d{2})$/.exec(shown);
    expect(m, `log time "${shown}"`).not.toBeNull();
    const at = Date.parse(`${m![1]}T${m![2]}+08:00`);
    expect(Math.abs(at - loggedInAt), `log time ${shown} read as China time`).toBeLessThan(5 * 60_000);
    await screenshot(page, 'gov-operation-log');

    // 通知公告: fits; a title is cut with … and whole on hover.
    await page.goto('/government/govInfo/GovNotice/route');
    const noticeRow = page.locator('tr.ant-table-row').first();
    await noticeRow.waitFor();
    await expectNoSideScroll(page, '通知公告');
    const title = noticeRow.locator('a[title]').first();
    expect(await title.getAttribute('title')).toBe((await title.innerText()).trim());
    await expectOneLine(page, title, '通知标题');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a district-level regulator (gov_sy, 泗阳县) is offered only its own district', async () => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, 'gov_sy');
    const options = page.locator(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    );

    for (const [path, tab] of [
      ['/government/govEnt/GovEntList/route', null],
      ['/government/govInsurance/GovInsurance/route', null],
      ['/government/govInsurance/GovInsurance/route', '理赔案件'],
    ] as const) {
      await page.goto(path);
      if (tab) await page.getByRole('tab', { name: tab }).click();
      await page.locator('tr.ant-table-row:visible').first().waitFor();
      await page.getByLabel('所属区县', { exact: true }).locator('visible=true').click();
      await options.first().waitFor();
      expect(await options.allInnerTexts(), `${path} ${tab ?? ''}`).toEqual(['泗阳县']);
      await page.keyboard.press('Escape');
    }

    await page.goto('/government/govInfo/GovMessage/route');
    const districts = page.locator('.ant-form-item').filter({ hasText: '接收区县' });
    await districts.getByRole('checkbox').first().waitFor();
    expect(await districts.locator('.ant-checkbox-wrapper').allInnerTexts()).toEqual(['泗阳县']);
    await districts.getByText('不选表示本人管辖的全部区县').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
