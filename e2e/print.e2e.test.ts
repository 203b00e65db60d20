import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, launchBrowser, login, openPage, waitForPath } from './helpers.ts';

/**
 * Printing a detail page on A4 (issue 19 "Print", app/global.css @media print): with the print media the
 * menu, header and buttons are hidden, sections (cards) start on a new page, and the footer names the
 * platform and the print time; page.pdf() makes the A4 document a browser would print.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PLATFORM = '宿迁市安全生产责任保险监管服务平台';

/** Pages of a PDF (its page objects). */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

/** What print media shows of the open page, and its A4 PDF. */
async function printed(page: Page) {
  await page.emulateMedia({ media: 'print' });
  const shown = async (selector: string) => {
    const all = page.locator(selector);
    const n = await all.count();
    let visible = 0;
    for (let i = 0; i < n; i++) if (await all.nth(i).isVisible()) visible++;
    return { present: n, visible };
  };
  const result = {
    menu: await shown('.ant-layout-sider, .ant-pro-sider'),
    header: await shown('.ant-layout-header, .ant-pro-global-header'),
    buttons: await shown('.ant-btn'),
    footer: await page.locator('.aq-print-footer').innerText(),
    footerVisible: await page.locator('.aq-print-footer').isVisible(),
    // Sections: each titled card, with whether it starts a page.
    sections: await page.evaluate(() =>
      [...document.querySelectorAll('.aq-basic-content .ant-card')]
        .filter((c) => c.querySelector(':scope > .ant-card-head'))
        .map((c) => ({
          title: c.querySelector('.ant-card-head-title')?.textContent ?? '',
          breakBefore: getComputedStyle(c).breakBefore,
        })),
    ),
    pdf: await page.pdf({ format: 'A4', preferCSSPageSize: true }),
  };
  await page.emulateMedia({ media: 'screen' });
  return result;
}

describe('print (A4)', () => {
  it('a claim detail and a policy detail print without menu or header, with the platform and print time in the footer', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'insurer');

    const claims = await apiData<{ page: { list: Array<{ id: number; reportNo: string }> } }>(
      page,
      '/api/claim/list?pageNo=1&pageSize=1',
    );
    const claim = claims.page.list[0]!;
    await page.goto(`/insurance/azx/ClaimDetail/route?id=${claim.id}`);
    await page.getByText(`报案号 ${claim.reportNo}`).first().waitFor();

    // On screen: the menu shows and the footer does not.
    expect(await page.locator('.ant-layout-sider, .ant-pro-sider').first().isVisible()).toBe(true);
    expect(await page.locator('.aq-print-footer').isVisible()).toBe(false);

    const c = await printed(page);
    expect(c.menu.present).toBeGreaterThan(0);
    expect(c.menu.visible).toBe(0);
    expect(c.header.visible).toBe(0);
    expect(c.buttons.visible).toBe(0);
    expect(c.footerVisible).toBe(true);
    expect(c.footer).toMatch(new RegExp(`${PLATFORM}\\s+打印时间 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}`));
    // 报案信息 follows the 报案号 head on the first page; the later sections (金额, 办理过程 …) each start one.
    expect(c.sections[0]).toEqual({ title: '报案信息', breakBefore: 'auto' });
    const later = c.sections.slice(1).filter((s) => s.breakBefore === 'page');
    expect(later.map((s) => s.title)).toContain('金额');
    expect(c.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(c.pdf)).toBeGreaterThanOrEqual(1 + later.length);
    // A4 is 595 × 842 points.
    expect(c.pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]/);

    const policies = await apiData<{ page: { list: Array<{ id: number }> } }>(
      page,
      '/api/policy/list?pageNo=1&pageSize=1',
    );
    await page.goto(`/insurance/azx/PolicyDetail/route?id=${policies.page.list[0]!.id}`);
    await waitForPath(page, '/insurance/azx/PolicyDetail/route');
    await page.locator('.ant-descriptions').first().waitFor();
    const p = await printed(page);
    expect(p.menu.visible).toBe(0);
    expect(p.footerVisible).toBe(true);
    expect(p.footer).toContain(PLATFORM);
    expect(p.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect(errors).toEqual([]);
    await context.close();
  }, 150_000); // two pages rendered to PDF: about a minute on the shared machine
});
