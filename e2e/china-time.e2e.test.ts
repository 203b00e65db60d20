import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiData,
  chinaText,
  expectMessage,
  launchBrowser,
  login,
  openPage,
  settledDrawer,
  waitForPath,
} from './helpers.ts';

/**
 * Times people enter are China time whatever the browser's zone (issue 11 item 4): a browser set to UTC
 * types 09:30 and reads 09:30 back, and the API holds 01:30Z. (The policy form's dates are covered in UTC
 * by policy.e2e.test.ts.)
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const UTC = { timezoneId: 'UTC' };

/** The form item labelled exactly `label` inside `scope`. */
function item(scope: Page | Locator, label: string): Locator {
  const page = 'mainFrame' in scope ? scope : scope.page();
  return scope.locator('.ant-form-item').filter({ has: page.locator(`label:text-is("${label}")`) });
}

async function choose(page: Page, field: Locator, option?: string): Promise<void> {
  await field.locator('.ant-select-selector').click();
  const options = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
  );
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
}

async function typeTime(field: Locator, value: string): Promise<void> {
  const input = field.locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('times entered in a browser set to UTC are China time', () => {
  it('claim report: 09:30 typed is 09:30 on the detail page and 01:30Z in the API', async () => {
    const { page, context, errors } = await openPage(browser, UTC);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
    await login(page, 'ent');
    await page.goto('/ent/Entazx/EntClaimAdd/route');
    await page.getByText(/请在事故发生后.*内报案/).waitFor();
    // Two days ago in China, at 09:30 on a Chinese clock.
    const day = chinaText(new Date(Date.now() - 2 * 86_400_000)).slice(0, 10);
    await choose(page, item(page, '保单'));
    await item(page, '报案人电话').locator('input').fill('13905271234');
    await typeTime(item(page, '出险时间'), `${day} 09:30`);
    expect(await item(page, '出险时间').locator('input').inputValue()).toBe(`${day} 09:30`);
    await choose(page, item(page, '出险地点（区县）'), '宿城区');
    await item(page, '详细地点')
      .locator('input')
      .fill(`宿城区发展大道88号时区${Date.now().toString(36)}`);
    await item(page, '出险经过').locator('textarea').fill('叉车倒车时碰伤一名员工脚踝，已送医。');
    const sent = page.waitForRequest((r) => r.url().includes('/api/claim/add'));
    await page.getByRole('button', { name: '提交报案' }).click();
    expect((await sent).postDataJSON().accidentAt).toBe(`${day}T01:30:00.000Z`);
    await expectMessage(page, '报案成功');
    await waitForPath(page, '/ent/Entazx/EntClaimDetail/route');
    const id = new URL(page.url()).searchParams.get('id');
    const stored = await apiData<{ accidentAt: string }>(page, `/api/claim/detail?id=${id}`);
    expect(new Date(stored.accidentAt).toISOString()).toBe(`${day}T01:30:00.000Z`);
    await page
      .locator('.ant-descriptions-item')
      .filter({ hasText: '出险时间' })
      .filter({ hasText: `${day} 09:30` })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('notice: 发布时间 09:30 typed is 09:30 in the list and 01:30Z in the API', async () => {
    const { page, context, errors } = await openPage(browser, UTC);
    await login(page, 'admin');
    await page.goto('/admin/content/AdminNotice/route');
    await page.getByRole('button', { name: /新增通知公告/ }).click();
    const drawer = await settledDrawer(page, '新增通知公告');
    const title = `时区测试通知${Date.now().toString(36)}`;
    await drawer.locator('#article-notice_title').fill(title);
    const editor = drawer.getByRole('textbox', { name: '正文' });
    await editor.click();
    await page.keyboard.type('发布时间按北京时间填写。');
    await typeTime(item(drawer, '发布时间'), '2026-03-05 09:30');
    expect(await drawer.locator('#article-notice_publishAt').inputValue()).toBe('2026-03-05 09:30');
    const sent = page.waitForRequest((r) => r.url().includes('/manage/articles/save'));
    await drawer.getByRole('button', { name: '保存并发布' }).click();
    expect((await sent).postDataJSON().publishAt).toBe('2026-03-05T01:30:00.000Z');
    await expectMessage(page, '发布成功');
    await page
      .locator('.ant-table-row')
      .filter({ hasText: title })
      .filter({ hasText: '2026-03-05 09:30' })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
