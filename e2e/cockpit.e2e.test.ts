import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  apiData,
  launchBrowser,
  login,
  openPage,
  screenshot,
  waitForPath,
} from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const COCKPIT = '/government/govCockpit/GovCockpit/route';
const REPORTS = '/government/govCockpit/GovStatReport/route';
const ENT_LIST = '/government/govEnt/GovEntList/route';
const SY = '321323';

interface Kpi {
  key: string;
  value: number;
}
interface Page<T> {
  page: { list: T[]; total: number };
}

describe('cockpit (数据驾驶舱)', () => {
  it('gov: the 参保率 of 泗阳县 matches the enterprise list filtered the same way, and its link opens that list', async () => {
    const { page, errors } = await openPage(browser);
    await login(page, 'gov');
    await page.goto(COCKPIT);
    const table = page.getByTestId('uptake-by-district');
    const rate = table.locator(`[data-rate="${SY}"]`);
    await rate.waitFor();
    const shown = Number((await rate.textContent())!.replace('%', ''));
    const must = await apiData<Page<unknown>>(
      page,
      `/api/enterprise/list?districtCode=${SY}&mustInsure=true&pageSize=1`,
    );
    const insured = await apiData<Page<unknown>>(
      page,
      `/api/enterprise/list?districtCode=${SY}&mustInsure=true&insured=true&pageSize=100`,
    );
    expect(must.page.total).toBeGreaterThan(0);
    const expected = Math.round((1000 * insured.page.total) / must.page.total) / 10;
    expect(shown).toBe(expected);
    await screenshot(page, 'cockpit-gov');
    // Drill-down: the rate opens the enterprise list with the same filters, listing the same enterprises.
    await rate.click();
    await waitForPath(page, ENT_LIST);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      districtCode: SY,
      mustInsure: 'true',
      insured: 'true',
    });
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(Math.min(insured.page.total, 10));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('big-screen mode fills 1920×1080 with no scrollbars', async () => {
    const { page, errors } = await openPage(browser, { width: 1920, height: 1080 });
    await login(page, 'gov');
    await page.goto(`${COCKPIT}?screen=big`);
    const big = page.getByTestId('bigscreen');
    await big.locator('[data-kpi="coverageRate"]').waitFor();
    await big.locator('[data-chart="district-compare"] svg').first().waitFor();
    const fit = await page.evaluate(() => {
      const root = document.documentElement;
      const el = document.querySelector('[data-testid="bigscreen"]') as HTMLElement;
      const r = el.getBoundingClientRect();
      return {
        pageScrolls: root.scrollHeight > window.innerHeight || root.scrollWidth > window.innerWidth,
        rootOverflow: getComputedStyle(root).overflow,
        panel: [r.width, r.height],
        clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
        background: getComputedStyle(el).backgroundImage,
      };
    });
    expect(fit.panel).toEqual([1920, 1080]);
    expect(fit.rootOverflow).toBe('hidden');
    expect(fit.clipped).toBe(false);
    expect(fit.background).toContain('gradient');
    const file = await screenshot(page, 'cockpit-bigscreen-1920x1080');
    expect(fs.existsSync(file)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a monthly report downloads and its totals match the cockpit of that month', async () => {
    const { page, errors } = await openPage(browser);
    await login(page, 'gov');
    await page.goto(REPORTS);
    const list = await apiData<{ list: { period: string; periodLabel: string; districtCode: string }[] }>(
      page,
      '/api/stats/report/list?kind=month&pageSize=100',
    );
    // The city's monthly report (the demo's, or one the schedule made at start).
    const report = list.list.find((r) => r.districtCode === '321300')!;
    await page.getByRole('combobox', { name: '筛选报表类型' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '月报' })
      .click();
    const row = page
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: `宿迁市${report.periodLabel}` })
      .first();
    await row.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByText('下载').click()]);
    const file = path.join(ARTIFACTS_DIR, 'cockpit-report.xlsx');
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await download.saveAs(file);
    const [y, m] = report.period.split('-').map(Number) as [number, number];
    const cockpit = await apiData<{ kpis: Kpi[] }>(page, `/api/stats/cockpit?kind=month&year=${y}&n=${m}`);
    const kpi = (key: string) => cockpit.kpis.find((k) => k.key === key)!.value;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      '参保情况',
      '业务情况',
      '理赔情况',
      '事故预防',
      '风险隐患',
      '投诉与满意度',
    ]);
    /** The row after the 合计 table's head in a sheet: its numbers. */
    const totals = (sheet: string) => {
      const ws = wb.getWorksheet(sheet)!;
      let at = 0;
      ws.eachRow((r, n) => {
        if (!at && r.getCell(1).value === '合计') at = n + 2;
      });
      return (ws.getRow(at).values as unknown[]).slice(1).map(Number);
    };
    const [policies, premium] = totals('业务情况');
    expect(policies).toBe(kpi('policies'));
    expect(premium).toBe(kpi('premium'));
    const [claims] = totals('理赔情况');
    expect(claims).toBe(kpi('claims'));
    // Uptake is a snapshot taken when the report was made (it is archived unchanged), while the cockpit
    // counts today's register: other browser tests add enterprises in between, so only its shape is checked.
    const [mustInsure, insured] = totals('参保情况');
    expect(mustInsure).toBeGreaterThan(0);
    expect(insured).toBeGreaterThan(0);
    expect(insured).toBeLessThanOrEqual(mustInsure!);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
