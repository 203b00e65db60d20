import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkControl,
  expectMessage,
  LANDING,
  launchBrowser,
  login,
  openPage,
  waitForPath,
} from './helpers.ts';

const GATE_TEXT = '请先完善企业信息后再访问其他页面';
const LIST = '/government/govEnt/GovEntList/route';
const PARAMS = '/government/govEnt/GovEntParams/route';
// A 1×1 PNG (the licence image).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Picks a node of an open TreeSelect by typing part of its title and clicking it. */
async function pickTree(page: Page, inputId: string, search: string, title: string) {
  await page.locator(`#${inputId}`).click();
  await page.locator(`#${inputId}`).fill(search);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title')
    .filter({ hasText: title })
    .first()
    .click();
}

const formError = (page: Page, text: string) =>
  page.locator('.ant-form-item-explain-error').filter({ hasText: text }).first();

describe('enterprises', () => {
  it('ent3 (status 3) sees the gate, completes its information and then reaches the pages', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'ent3');
    await waitForPath(page, LANDING.ent);
    await page.getByText(GATE_TEXT).waitFor();
    await page.getByRole('button', { name: '完善信息' }).click();
    await waitForPath(page, '/ent/EntInfoEdit');
    await page.getByText('企业信息未完善').waitFor();

    // Wrong inputs first: each says what to fix.
    const uscc = page.locator('#enterprise-mine_uscc');
    const goodUscc = await uscc.inputValue();
    expect(goodUscc).toHaveLength(18);
    const last = goodUscc.at(-1) === '0' ? '1' : '0';
    await uscc.fill(`${goodUscc.slice(0, 17)}${last}`);
    await uscc.blur();
    await formError(page, '统一社会信用代码校验位不正确').waitFor();
    await page.locator('#enterprise-mine_legalMobile').fill('1380527');
    await page.locator('#enterprise-mine_legalMobile').blur();
    await formError(page, '法定代表人手机号格式不正确').waitFor();
    // Saving with the rest empty names the missing fields and sends nothing.
    await page.getByRole('button', { name: '保存并完善' }).click();
    await formError(page, '请输入从业人员总数').waitFor();
    await formError(page, '请上传营业执照图片').waitFor();

    // Now the right values.
    await uscc.fill(goodUscc);
    await uscc.blur();
    await page.locator('#enterprise-mine_employees').fill('86');
    await page.locator('#enterprise-mine_businessScope').fill('房屋建筑工程施工');
    await page.locator('#enterprise-mine_businessLicence').setInputFiles({
      name: 'licence.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByLabel('经营地址详细地址').fill('沭阳县沭城街道示范路8号');
    await pickTree(page, 'enterprise-mine_wsIndustryCode', '房屋建筑', '房屋建筑工程');
    await page.getByText('依法应当投保安全生产责任保险').waitFor();
    await pickTree(page, 'enterprise-mine_gbIndustryCode', '房屋建筑业', '房屋建筑业');
    await page.locator('#enterprise-mine_legalName').fill('周建国');
    await page.locator('#enterprise-mine_legalMobile').fill('13905271234');
    await page.locator('#enterprise-mine_safetyName').fill('吴安全');
    await page.locator('#enterprise-mine_safetyMobile').fill('+8613905275678');
    // The licence upload has finished when its thumbnail replaces the progress bar.
    await page
      .locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)')
      .first()
      .waitFor();
    await page.getByRole('button', { name: '保存并完善' }).click();
    await expectMessage(page, '企业信息已保存');
    await page.getByText('企业信息已完善').waitFor();

    // The gate is gone without logging in again: the menu pages open.
    await page.getByRole('button', { name: '进入首页' }).click();
    await page.waitForURL((u) => u.pathname !== '/ent/EntInfoEdit', { timeout: 15_000 });
    await page.goto('/ent/Entazx/EntClaimManage/route');
    await page.getByTestId('user-menu').first().waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByText(GATE_TEXT).count()).toBe(0);
    // The saved information reads back masked (security P04); 查看 shows the number stored without +86.
    await page.goto('/ent/EntInfoEdit');
    await page.getByText('当前状态：').waitFor();
    const safety = page.locator('#enterprise-mine_safetyMobile');
    expect(await safety.inputValue()).toBe('139****5678');
    await page
      .locator('.ant-form-item')
      .filter({ has: safety })
      .getByRole('button', { name: '查看' })
      .click();
    await page.getByText('13905275678').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the regulator finds an enterprise, opens its detail, sets a manual parameter and sees the score change', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'gov');
    await page.goto(LIST);
    const firstLink = page.locator('.ant-table-row').first().locator('a').first();
    await firstLink.waitFor();
    const name = (await firstLink.innerText()).trim();
    // Find it by name.
    await page.getByPlaceholder('企业名称或统一社会信用代码').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText(/总共 1 条/).waitFor();
    await page.locator('.ant-table-row').first().getByText(name).click();
    await waitForPath(page, '/government/govEnt/GovEntDetail/route');
    await page.getByText('基本信息').waitFor();
    await page.getByText('安全评分').waitFor();
    // Contact numbers are masked until asked for.
    await page.getByRole('button', { name: '查看完整号码' }).click();
    await page.getByText('本次查看已记录在操作日志').waitFor();

    await page.getByRole('button', { name: '企业参数' }).click();
    await waitForPath(page, PARAMS);
    const stat = page.locator('.ant-statistic-content-value').first();
    await page.getByRole('button', { name: '设置未整改重大隐患数' }).waitFor();
    const before = Number(await stat.innerText());
    await page.getByRole('button', { name: '设置未整改重大隐患数' }).click();
    const dialog = page.getByRole('dialog');
    // The platform judges open major hazards from the hazard records (issue 14); the regulator may still
    // enter a value by hand, with its reason.
    await dialog.getByText('系统判断值').waitFor();
    await checkControl(dialog.getByRole('radio', { name: '手动录入' }));
    await dialog.getByText('手动录入值').waitFor();
    await dialog.locator('input.ant-input-number-input').fill('2');
    await dialog.getByLabel('依据/备注').fill('2026年专项检查发现2项重大隐患未整改');
    const expected = Math.max(0, before - 16);
    await dialog
      .getByTestId('score-preview')
      .filter({ hasText: `保存后评分：${expected} 分` })
      .waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expectMessage(page, `当前评分 ${expected} 分`);
    await page
      .locator('.ant-statistic-content-value')
      .filter({ hasText: String(expected) })
      .first()
      .waitFor();
    const row = page.locator('.ant-table-row').filter({ hasText: '未整改重大隐患数' });
    await row.getByText('手动录入').waitFor();

    // The score page explains it and keeps the history.
    await page.getByRole('button', { name: '评分说明与历史' }).click();
    await waitForPath(page, '/government/govEnt/GovEntScore/route');
    await page
      .getByTestId('score-formula')
      .filter({ hasText: `= ${expected} 分` })
      .waitFor();
    await page.getByText('调整企业参数').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an import with a bad row imports nothing and shows the row-by-row report', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('台账');
    ws.addRow([
      '企业名称',
      '统一社会信用代码',
      '所属区县',
      '安全生产行业领域代码',
      '国民经济行业代码',
      '从业人员总数',
      '详细地址',
    ]);
    // Row 2 is fine on its own; row 3 has a bad check digit, an unknown district and no headcount.
    ws.addRow([
      '宿城区导入测试化工有限公司',
      '91321302MA7E2ETE28',
      '宿城区',
      'AQ0201',
      'C26',
      '30',
      '宿城区测试路1号',
    ]);
    ws.addRow(['宿城区导入错误有限公司', '91321302MA7E2ETE3A', '南京市', 'AQ0201', 'C26', '', '']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());

    const { page, context, errors } = await openPage(browser);
    await login(page, 'gov');
    await page.goto(LIST);
    await page.getByRole('button', { name: '导入应保台账' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: '应保台账.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await dialog.getByText('本次未导入任何数据').waitFor();
    const report = dialog.getByRole('table');
    await report.getByText('第3行').first().waitFor();
    await report.getByText('统一社会信用代码').first().waitFor();
    await report.getByText('所属区县').first().waitFor();
    await report.getByText('从业人员总数').first().waitFor();
    await dialog.getByRole('button', { name: /关\s*闭/ }).click();
    // Nothing was imported: the good row is not in the list either.
    await page.getByPlaceholder('企业名称或统一社会信用代码').fill('导入测试化工');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('没有符合条件的企业').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
