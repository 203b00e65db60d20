import fs from 'node:fs';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkControl,
  expectMessage,
  launchBrowser,
  login,
  openPage,
  screenshot,
  waitForTitle,
} from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PATHS = {
  info: '/insurance/org/InsuranceInfo/route',
  tech: '/insurance/org/Technicist/route',
  docs: '/insurance/org/InsuranceDocs/route',
  premium: '/insurance/data/DataPremium/route',
  index: '/insurance/azx/InsuranceIndex/route',
};

const ENT_PATHS = {
  manage: '/ent/Entazx/EntInsuranceManage/route',
  add: '/ent/Entazx/EntInsuranceAdd/route',
};
const DEMO_INSURER = '中国人民财产保险股份有限公司宿迁市分公司';

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const C = '10X98765432';
/** A GB 11643 resident ID with a correct check digit: district 321302, born 1985-06-15, sequence. */
function validId(seq: number): string {
  const body = `32130219850615${String(seq % 1000).padStart(3, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * W[i]!, 0);
  return body + C[sum % 11];
}
/** The same number with a wrong check digit. */
function badId(seq: number): string {
  const ok = validId(seq);
  const wrong = C[(C.indexOf(ok[17]!) + 1) % 11]!;
  return ok.slice(0, 17) + wrong;
}

const modal = (page: Page, title: string) => page.locator('.ant-modal-content').filter({ hasText: title });
const money = (v: number) => v.toFixed(2).replace(/^(-?\d+)/, (m) => m.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

/**
 * Repeats a call the page made, with the page's own token, and returns its JSON. The captured response
 * itself may have no body: the screen can cancel its first request (re-render) after the test saw it.
 */
async function again(page: Page, res: Response): Promise<unknown> {
  return page.evaluate(
    async ([url, method, postData]) => {
      const raw = localStorage.getItem('aqzrx__Access-Token') ?? '';
      let token = raw;
      try {
        token = (JSON.parse(raw) as { value?: string }).value ?? raw;
      } catch {
        // stored as a plain string
      }
      const r = await fetch(url, {
        method,
        headers: { 'X-TOKEN': token, ...(postData ? { 'Content-Type': 'application/json' } : {}) },
        body: postData ?? undefined,
      });
      return r.json();
    },
    [res.url(), res.request().method(), res.request().postData()] as const,
  );
}

describe('insurer: institution, technicists, documents, data', () => {
  it('edits the institution info, adds a technicist, uploads a document an enterprise then reads', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'insurer');
    const stamp = Date.now().toString().slice(-6);

    // 机构信息: edit the business address.
    await page.goto(PATHS.info);
    await waitForTitle(page, '机构信息');
    await page.getByTestId('insurer-profile').waitFor();
    await page.getByRole('button', { name: /编\s*辑/ }).click();
    const address = `洪泽湖路${stamp}号`;
    await page.getByLabel('经营地址').fill(address);
    await page.getByLabel('统一社会信用代码').fill('91321300MA1ABCDEI2');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('统一社会信用代码格式或校验位不正确，请核对18位代码').waitFor();
    // Put the stored code back (cancel and re-open keeps the server's values).
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await page.getByRole('button', { name: /编\s*辑/ }).click();
    await page.getByLabel('经营地址').fill(address);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expectMessage(page, '保存成功');
    await page.getByTestId('insurer-profile').getByText(address, { exact: false }).waitFor();
    await screenshot(page, 'insurer-info');

    // 技术人员: a bad ID number is refused with the GB 11643 message, then a good one is saved masked.
    await page.goto(PATHS.tech);
    await waitForTitle(page, '技术人员');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = modal(page, '新增技术人员');
    await form.waitFor();
    const name = `测试员${stamp.slice(-3)}`;
    const seq = Number(stamp) % 1000;
    await form.getByLabel('姓名').fill(name);
    await form.getByLabel('证件号码').fill(badId(seq));
    await form.getByLabel('手机号').fill('13912345678');
    await checkControl(form.getByLabel('外聘'));
    await form.getByLabel('所在单位').fill('宿迁市安泰安全技术服务有限公司');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await form.getByText('身份证号码格式或校验位不正确，请核对18位号码').waitFor();
    const id = validId(seq);
    await form.getByLabel('证件号码').fill(id);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expectMessage(page, '新增成功');
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await row.waitFor();
    const masked = `${id.slice(0, 6)}********${id.slice(-4)}`;
    await row.getByText(masked).waitFor();
    expect(await row.textContent()).not.toContain(id);
    expect(await row.textContent()).toContain('外聘');
    // The audited reveal shows the full number on request.
    await row.getByRole('button', { name: '查看完整证件号码' }).click();
    await row.getByText(id).waitFor();
    await screenshot(page, 'insurer-technicist');

    // 机构文档: upload a PDF rate table; it is listed as readable by enterprises and downloads.
    await page.goto(PATHS.docs);
    await waitForTitle(page, '机构文档');
    await page.getByRole('button', { name: /上传文档/ }).click();
    const docForm = modal(page, '上传文档');
    await docForm.waitFor();
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const title = `费率表${stamp}`;
    await docForm
      .locator('input[type=file]')
      .setInputFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: pdf });
    await docForm.getByTestId('doc-file-name').getByText(`${title}.pdf`).waitFor();
    // The title is taken from the file name.
    expect(await docForm.getByLabel('标题').inputValue()).toBe(title);
    await docForm.locator('.ant-select-selector').first().click();
    await page.locator('.ant-select-item-option').filter({ hasText: '费率表' }).click();
    await docForm.getByRole('button', { name: /保\s*存/ }).click();
    await expectMessage(page, '上传成功');
    const docRow = page.locator('.ant-table-row').filter({ hasText: title });
    await docRow.waitFor();
    expect(await docRow.textContent()).toContain('企业可查阅');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      docRow.getByRole('button', { name: /下载/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${title}.pdf`);

    await screenshot(page, 'insurer-docs');
    expect(errors).toEqual([]);
    await context.close();

    // ---- An enterprise reads it: 投保管理 → 保险条款与费率, and in 投保申请 under the chosen insurer ----
    const ent = await openPage(browser);
    await login(ent.page, 'ent');
    await ent.page.goto(ENT_PATHS.manage);
    await ent.page.getByRole('tab', { name: '保险条款与费率' }).click();
    const entRow = ent.page.locator('.ant-table-row').filter({ hasText: title });
    await entRow.waitFor();
    expect(await entRow.textContent()).toContain(DEMO_INSURER);
    expect(await entRow.textContent()).toContain('费率表');
    expect(new URL(ent.page.url()).searchParams.get('tab')).toBe('docs');
    const [entDownload] = await Promise.all([
      ent.page.waitForEvent('download'),
      entRow.getByRole('button', { name: /下载/ }).click(),
    ]);
    expect(entDownload.suggestedFilename()).toBe(`${title}.pdf`);
    expect(
      fs
        .readFileSync(await entDownload.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await screenshot(ent.page, 'ent-insurer-docs');

    await ent.page.goto(ENT_PATHS.add);
    await ent.page.getByText('投保信息').first().waitFor();
    await ent.page.getByLabel('出单保险机构（主承）', { exact: true }).click();
    await ent.page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: DEMO_INSURER })
      .first()
      .click();
    const panel = ent.page.getByTestId('insurer-docs-panel');
    const item = panel.locator('.ant-list-item').filter({ hasText: title });
    await item.waitFor();
    const [applyDownload] = await Promise.all([
      ent.page.waitForEvent('download'),
      item.getByRole('button', { name: /下载/ }).click(),
    ]);
    expect(applyDownload.suggestedFilename()).toBe(`${title}.pdf`);
    await screenshot(ent.page, 'ent-apply-insurer-docs');
    expect(ent.errors).toEqual([]);
    await ent.context.close();
  }, 120_000);

  it('保费数据 shows the figures of the API and exports .xlsx; the workbench loads', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'insurer');
    const year = new Date().getFullYear();
    const [res] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/insuranceData/premium') && r.request().method() === 'POST',
      ),
      page.goto(PATHS.premium),
    ]);
    const body = (await again(page, res)) as {
      data: { rows: Array<{ name: string; premium: number; policies: number }> };
    };
    const rows = body.data.rows;
    expect(rows).toHaveLength(12);
    await waitForTitle(page, '保费数据');
    const totalPremium = rows.reduce((s, r) => s + r.premium, 0);
    const totalPolicies = rows.reduce((s, r) => s + r.policies, 0);
    const premiumCard = page.getByTestId('data-total-premium');
    await premiumCard.getByText(money(Math.round(totalPremium * 100) / 100)).waitFor();
    expect(await page.getByTestId('data-total-policies').textContent()).toContain(
      totalPolicies.toLocaleString('en-US'),
    );
    // A month row of the table matches the API row.
    const busiest = rows.reduce((a, b) => (b.premium > a.premium ? b : a));
    const monthRow = page.locator('.ant-table-row').filter({ hasText: new RegExp(`^${busiest.name}`) });
    expect(await monthRow.first().textContent()).toContain(money(busiest.premium));
    await page
      .getByTestId('data-total-row')
      .getByText(money(Math.round(totalPremium * 100) / 100))
      .waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出Excel/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${year}年保费数据（按月份）.xlsx`);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');

    // Group by district: the table shows the five districts.
    await page.getByText('按区县').click();
    await page.locator('.ant-table-row').filter({ hasText: '沭阳县' }).waitFor();

    await screenshot(page, 'insurer-premium');

    // 综合查询: the year's premium equals the sum of the 保费数据 months.
    const [q] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/insuranceData/query')),
      page.goto('/insurance/data/DataQuery/route'),
    ]);
    const items = ((await again(page, q)) as { data: { items: Array<{ name: string; value: number }> } }).data
      .items;
    const premiumItem = items.find((i) => i.name === 'premium')!;
    expect(premiumItem.value).toBeCloseTo(totalPremium, 2);
    await page.getByTestId('summary-premium').getByText(money(premiumItem.value)).waitFor();
    await page.getByText('综合数据（按区县）').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'insurer-query');

    // The workbench counters come from the policy list (policies in force).
    const [valid] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/policy/list') && r.url().includes('state=valid')),
      page.goto(PATHS.index),
    ]);
    const validTotal = ((await again(page, valid)) as { data: { page: { total: number } } }).data.page.total;
    await waitForTitle(page, '工作台');
    await page
      .getByTestId('kpi-valid')
      .locator('.ant-statistic-content-value')
      .getByText(validTotal.toLocaleString('en-US'))
      .waitFor();
    await page.getByText('年经营概况').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'insurer-index');
    expect(errors).toEqual([]);
    await context.close();
  });
});
