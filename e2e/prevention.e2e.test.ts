import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, expectMessage, LANDING, launchBrowser, login, openPage, waitForPath } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const INS_DETAIL = '/insurance/InsuranceAp/InsuranceApDetail/route';
const ENT_DETAIL = '/ent/EntAPDetail/route';
const GOV_QUERY = '/government/govAp/GovApQuery/route';
const ENT_NAME = '宿迁市恒安化工有限公司';
const SERVICE_NAME = '宿迁市安泰安全技术服务有限公司';

/** A real PNG (8 × 8, one colour) for the hazard photos. */
function pngFile(): string {
  const file = path.join(os.tmpdir(), `ap-hazard-${process.pid}.png`);
  const b64 =
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4YaOBFTEMLQkAdntLARs7+acAAAAASUVORK5CYII=';
  fs.writeFileSync(file, Buffer.from(b64, 'base64'));
  return file;
}

/** The form item labelled exactly `label` inside `scope`. */
function item(scope: Page | Locator, label: string): Locator {
  const page = 'mainFrame' in scope ? scope : scope.page();
  return scope.locator('.ant-form-item').filter({ has: page.locator(`label:text-is("${label}")`) });
}

async function choose(page: Page, field: Locator, option: string, search?: string): Promise<void> {
  await field.locator('.ant-select-selector').click();
  if (search) await field.locator('input').first().fill(search);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** Picks the level-1 service item `code` of a Cascader (changeOnSelect) and closes it. */
async function chooseItem(page: Page, field: Locator, code: string): Promise<void> {
  await field.locator('.ant-select-selector').click();
  await page
    .locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden) .ant-cascader-menu-item')
    .filter({ hasText: new RegExp(`^${code}`) })
    .first()
    .click();
  // A leaf closes the menu itself; a parent (with sub-types) stays open: close it, not the dialog.
  const open = page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)');
  await page.waitForTimeout(300);
  if (await open.count()) await page.keyboard.press('Escape');
}

interface FundRow {
  id: number;
  policyId: number;
  policyNo: string;
  accrued: number;
  spent: number;
  available: number;
  state: string;
}

describe('accident prevention across roles (issue 13)', () => {
  it('insurer project → service check with two hazards → ent confirms → gov finds and exports → ledger shows the spend', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const projectName = `隐患排查服务项目${stamp}`;
    const planName = `隐患排查E2E${stamp}`;
    const png = pngFile();

    // 1. The insurer picks ent's policy whose fund is open (accrued if needed) and creates the project.
    const ins = await openPage(browser);
    await login(ins.page, 'insurer');
    await waitForPath(ins.page, LANDING.insurer);
    const policies = await apiData<{ list: { policyId: number; policyNo: string }[] }>(
      ins.page,
      `/api/prevention/project/policies?keyword=${encodeURIComponent('恒安化工')}&pageNo=1&pageSize=20`,
    );
    // Other files may have issued further policies of ent (their premium not collected yet, no fund): the
    // first policy whose fund is open with room for the 120 元 spend is taken, accrued here when it has none.
    const fundOf = async (p: { policyId: number; policyNo: string }) =>
      (
        await apiData<{ list: FundRow[] }>(
          ins.page,
          `/api/prevention/fund/list?keyword=${encodeURIComponent(p.policyNo)}&pageNo=1&pageSize=10`,
        )
      ).list.find((f) => f.policyId === p.policyId);
    let target: { policyId: number; policyNo: string } | null = null;
    for (const p of policies.list) {
      let fund = await fundOf(p);
      if (fund?.state === 'writtenOff') continue;
      if (!fund || fund.accrued <= 0) {
        await apiData(ins.page, '/api/prevention/fund/accrue', {
          policyId: p.policyId,
          ratio: 10,
          remark: '',
        });
        fund = await fundOf(p);
      }
      if (fund && fund.available > 120) {
        target = p;
        break;
      }
    }
    expect(target, 'ent has an issued policy of the insurer with an open fund').not.toBeNull();
    const policyNo = target?.policyNo as string;
    const before = (await fundOf(target as { policyId: number; policyNo: string })) as FundRow;
    expect(before.available).toBeGreaterThan(120);

    await ins.page.getByRole('button', { name: /新建项目/ }).click();
    const form = ins.page.locator('.ant-modal-content').filter({ hasText: '新建事故预防项目' });
    await item(form, '项目名称').locator('input').fill(projectName);
    await item(form, '合同编号').locator('input').fill(`E2E-${stamp}`);
    await choose(ins.page, item(form, '保单'), policyNo, policyNo);
    await ins.page.keyboard.press('Escape');
    const period = item(form, '项目期间').locator('input');
    const year = new Date().getFullYear();
    await period.nth(0).click();
    await period.nth(0).fill(`${year}-01-01`);
    await period.nth(1).click();
    await period.nth(1).fill(`${year + 1}-12-31`);
    await period.nth(1).press('Enter');
    await item(form, '事故预防费用比例（%）').locator('input').fill('10');
    await item(form, '服务费金额（元）').locator('input').fill('500');
    await choose(ins.page, item(form, '服务机构'), SERVICE_NAME);
    await chooseItem(
      ins.page,
      form.locator('.ant-form-item').filter({ hasText: '服务项目 / 子类型' }).first(),
      '03',
    );
    await item(form, '联系人').locator('input').fill('李经理');
    await item(form, '联系电话').locator('input').fill('13912345678');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await waitForPath(ins.page, INS_DETAIL);
    await ins.page
      .getByTestId('project-title')
      .filter({ hasText: `E2E-${stamp}` })
      .waitFor();

    // 2. The service organisation plans a hidden-danger check (03) with an expert on the project.
    const svc = await openPage(browser);
    await login(svc.page, 'service');
    await waitForPath(svc.page, LANDING.service);
    await svc.page.getByRole('tab', { name: '服务项目' }).click();
    const row = svc.page.locator('tr.ant-table-row').filter({ hasText: projectName });
    await row.locator('a').filter({ hasText: '制定计划' }).click();
    const planForm = svc.page.locator('.ant-modal-content').filter({ hasText: '新建服务计划' });
    await item(planForm, '被服务单位')
      .locator('.ant-select-selection-item')
      .filter({ hasText: ENT_NAME })
      .waitFor();
    await chooseItem(svc.page, item(planForm, '服务项目'), '03');
    await item(planForm, '服务名称').locator('input').fill(planName);
    // The expert is picked from the pool (the project's organisations' experts first); title and
    // phone come with the choice.
    await planForm.getByRole('button', { name: /添加服务专家/ }).click();
    await planForm.getByRole('combobox', { name: '专家1' }).click();
    await planForm.getByRole('combobox', { name: '专家1' }).fill('王建华');
    await svc.page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: '王建华' })
      .first()
      .click();
    await expect.poll(() => planForm.getByPlaceholder('职称').inputValue()).toBe('高级工程师');
    await planForm.getByRole('button', { name: /保\s*存/ }).click();
    await svc.page.waitForURL((u) => u.pathname === LANDING.service && u.searchParams.has('planId'));
    const planId = Number(new URL(svc.page.url()).searchParams.get('planId'));
    expect(planId).toBeGreaterThan(0);
    await svc.context.close();

    // 3. On site with a phone (375 px): the record form has no horizontal scroll; two hazards with photos.
    const phone = await openPage(browser, { width: 375, height: 740 });
    await login(phone.page, 'service');
    await phone.page.goto(`${LANDING.service}?planId=${planId}`);
    const record = phone.page.getByTestId('record-form');
    await record.waitFor();
    await record.getByRole('button', { name: /添加隐患/ }).click();
    await record.getByRole('button', { name: /添加隐患/ }).click();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the record form fits 375 px without horizontal scroll').toBeLessThanOrEqual(0);
    await item(record, '服务情况说明')
      .locator('textarea')
      .fill('对生产车间、危化品仓库开展隐患排查，发现隐患2处。');
    await item(record, '支出金额（元）').locator('input').fill('120');
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const hazards: Array<[string, string]> = [
      ['配电箱未可靠接地', '重大隐患'],
      ['消防通道堆放杂物', '一般隐患'],
    ];
    for (const [i, [desc, level]] of hazards.entries()) {
      const card = phone.page.getByTestId(`hazard-row-${i + 1}`);
      await item(card, '检查日期').locator('input').fill(today);
      await item(card, '隐患描述').locator('textarea').fill(desc);
      await card.getByText(level, { exact: true }).click();
      await item(card, '整改建议').locator('textarea').fill('限期整改');
      await card.locator('input[type=file]').setInputFiles(png);
      await card.locator('.ant-image img').first().waitFor();
    }
    // The draft is on the device before anything is sent, sealed under the user's key (security P04): none of
    // what was typed is readable in the browser's storage, and a reload restores it.
    const draftKey = `aqzrx__draft__ap-record-${planId}`;
    await phone.page.waitForFunction((k) => localStorage.getItem(k) !== null, draftKey, { timeout: 5_000 });
    await phone.page.waitForTimeout(500);
    const stored = await phone.page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).toContain(draftKey);
    for (const typed of ['配电箱未可靠接地', '消防通道堆放杂物', '对生产车间'])
      expect(stored).not.toContain(typed);
    await phone.page.reload();
    await phone.page.getByTestId('draft-restored').waitFor();
    expect(await item(record, '服务情况说明').locator('textarea').inputValue()).toContain('对生产车间');
    await phone.page.getByTestId('hazard-row-2').waitFor();
    await record.getByRole('button', { name: /提交记录/ }).click();
    await phone.page.getByTestId('record-state').filter({ hasText: '待企业确认' }).waitFor();
    expect(await phone.page.getByTestId('hazard-card').textContent()).toContain('其中重大隐患1条');
    expect(await phone.page.evaluate((k) => localStorage.getItem(k), draftKey)).toBeNull();
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    // 4. ent sees it among its to-dos on its landing page, opens it and confirms the record.
    const ent = await openPage(browser);
    await login(ent.page, 'ent');
    await waitForPath(ent.page, LANDING.ent);
    const todo = ent.page.getByTestId('ent-ap-todos').locator('.ant-list-item').filter({ hasText: planName });
    await todo.getByRole('button', { name: '确认服务记录' }).click();
    await waitForPath(ent.page, ENT_DETAIL);
    expect(await ent.page.getByTestId('hazard-card').textContent()).toContain('配电箱未可靠接地');
    await ent.page.getByRole('button', { name: '确认服务记录' }).click();
    const confirm = ent.page.locator('.ant-modal-content').filter({ hasText: '确认服务记录' });
    await confirm.locator('textarea').fill('情况属实，已安排整改');
    await confirm.getByRole('button', { name: /确\s*认/ }).click();
    await ent.page.getByTestId('record-state').filter({ hasText: '企业已确认' }).waitFor();
    expect(ent.errors).toEqual([]);
    await ent.context.close();

    // 5. gov finds it in 服务查询 filtered by district (宿城区) and exports it.
    const gov = await openPage(browser);
    await login(gov.page, 'gov');
    await gov.page.goto(GOV_QUERY);
    const search = gov.page.locator('.ant-pro-query-filter');
    await search.waitFor();
    const expand = search.getByText('展开');
    if (await expand.count()) await expand.first().click();
    await item(search, '关键字').locator('input').fill(planName);
    await choose(gov.page, item(search, '所属区县'), '宿城区');
    await search.getByRole('button', { name: /查\s*询/ }).click();
    const found = gov.page.locator('tr.ant-table-row').filter({ hasText: planName });
    await found.waitFor();
    expect(await found.textContent()).toContain('宿城区');
    const download = gov.page.waitForEvent('download');
    await gov.page.getByRole('button', { name: /导\s*出/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    expect(gov.errors).toEqual([]);
    await gov.context.close();

    // 6. The insurer's ledger shows the spend; a spend beyond the accrued fund is refused with its message.
    await ins.page.goto(`${LANDING.insurer}?tab=fund`);
    const ledger = ins.page.locator('.ant-pro-query-filter');
    await item(ledger, '关键字').locator('input').fill(policyNo);
    await ledger.getByRole('button', { name: /查\s*询/ }).click();
    await ins.page.getByTestId(`fund-${policyNo}`).click();
    const entries = ins.page.getByTestId('fund-entries');
    await entries
      .locator('tr')
      .filter({ hasText: `计划第${planId}号` })
      .filter({ hasText: '120.00' })
      .waitFor();
    const figures = await ins.page.getByTestId('fund-figures').textContent();
    expect(figures).toContain(
      `已支出${(before.spent + 120).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`,
    );
    await ins.page.getByRole('button', { name: '登记支出' }).click();
    const spend = ins.page.locator('.ant-modal-content').filter({ hasText: '支出金额（元）' });
    await item(spend, '支出金额（元）').locator('input').fill('99999999');
    await item(spend, '支出说明').locator('textarea').fill('超额支出测试');
    await spend.getByRole('button', { name: /确\s*定/ }).click();
    await ins.page
      .getByText(/支出金额99999999\.00元超过可用的事故预防费用：已计提/)
      .first()
      .waitFor();
    expect(ins.errors).toEqual([]);
    await ins.context.close();
  }, 240_000);
});

describe('expected failure messages', () => {
  it('a record submitted without summary, photo or expert is refused in Chinese before sending', async () => {
    const { page, context } = await openPage(browser);
    await login(page, 'service');
    const plans = await apiData<{ list: { id: number; item: string }[] }>(
      page,
      '/api/prevention/plan/list?status=0&item=03&pageNo=1&pageSize=5',
    );
    const plan = plans.list[0];
    expect(plan, 'the demo data has a pending check of the service organisation').toBeTruthy();
    await page.goto(`${LANDING.service}?planId=${plan?.id}`);
    const record = page.getByTestId('record-form');
    await record.waitFor();
    await item(record, '服务情况说明').locator('textarea').fill('');
    await record.getByRole('button', { name: /提交记录/ }).click();
    await expectMessage(page, '请填写服务情况说明后再提交');
    await context.close();
  });
});
