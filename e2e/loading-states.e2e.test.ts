import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, openPage, waitForPath } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Holds the answers of API calls matching `pattern` until `release()`: the list is "on its way". From the
 * first paint until the release, the page records every table placeholder (the empty text) it shows.
 */
async function holdCalls(page: Page, context: BrowserContext, pattern: RegExp) {
  await context.addInitScript(() => {
    const w = window as unknown as { __emptySeen: string[]; __released: boolean };
    w.__emptySeen = [];
    w.__released = false;
    new MutationObserver(() => {
      if (w.__released) return;
      for (const el of document.querySelectorAll('.ant-table-placeholder')) {
        const text = el.textContent?.trim();
        if (text) w.__emptySeen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await context.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return {
    async release() {
      await page.evaluate(() => {
        (window as unknown as { __released: boolean }).__released = true;
      });
      release();
    },
    emptySeen: () => page.evaluate(() => (window as unknown as { __emptySeen: string[] }).__emptySeen),
  };
}

/** While the rows are held back: the table's spinner shows and its empty text does not, for a while. */
async function loadingWithoutEmptyText(page: Page, emptyText: string): Promise<void> {
  await page.locator('.ant-table-wrapper .ant-spin-spinning').first().waitFor();
  for (let i = 0; i < 5; i++) {
    expect(await page.getByText(emptyText).count()).toBe(0);
    await page.waitForTimeout(200);
  }
}

describe('lists show their loading state until the first answer, not 暂无… (issue 11, item 8)', () => {
  it('admin 通知公告', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'admin');
    const list = await holdCalls(page, context, /\/api\/manage\/articles\/getArticleList/);
    await page.goto('/admin/content/AdminNotice/route');
    await loadingWithoutEmptyText(page, '暂无通知公告');
    expect(await list.emptySeen()).toEqual([]);
    await list.release();
    await page.locator('.ant-table-wrapper .ant-spin-spinning').first().waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gov 企业详情: the enterprise’s policies', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'gov');
    await page.goto('/government/govEnt/GovEntList/route');
    const first = page.locator('.ant-table-row').first().locator('a').first();
    await first.waitFor();
    await first.click();
    await waitForPath(page, '/government/govEnt/GovEntDetail/route');
    const detailUrl = page.url();
    const policies = await holdCalls(page, context, /\/api\/policy\/list/);
    // A fresh load of the detail page, so the recorder watches from its first paint.
    await page.goto(detailUrl);
    await page.getByText('基本信息').waitFor();
    await loadingWithoutEmptyText(page, '本辖区暂无该企业的保单');
    expect(await policies.emptySeen()).toEqual([]);
    await policies.release();
    await page.locator('.ant-table-wrapper .ant-spin-spinning').first().waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
