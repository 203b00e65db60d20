import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPopconfirm, expectMessage, launchBrowser, login, openPage } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PATHS = {
  adminService: '/admin/biz/AdminService/route',
  adminExperts: '/admin/biz/AdminExperts/route',
  insurerServices: '/insurance/org/InsuranceServices/route',
};

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
function validId(body17: string): string {
  const sum = [...body17].reduce((s, d, i) => s + Number(d) * W[i]!, 0);
  return body17 + '10X98765432'[sum % 11];
}

describe('service organisation and expert pool', () => {
  it('admin: list → suspend an organisation → enable; import experts (bad rows refused, then good)', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'admin');
    await page.goto(PATHS.adminService);
    const row = page.locator('tr').filter({ hasText: '江苏宿安检测评价有限公司' });
    await row.waitFor();
    // the expiry flags are shown as tags
    await page
      .locator('tr')
      .filter({ hasText: '江苏沭安安全技术服务有限公司' })
      .getByText('资质30天内到期')
      .waitFor();
    await page
      .locator('tr')
      .filter({ hasText: '泗洪县洪泽湖应急技术服务中心' })
      .getByText('资质已过期')
      .waitFor();
    await row.getByRole('button', { name: /停\s*用/ }).click();
    await confirmPopconfirm(page, /停\s*用/);
    await expectMessage(page, '已停用，该机构的用户不能再登录');
    await row.getByRole('button', { name: /启\s*用/ }).click();
    await expectMessage(page, '已启用');
    await row.getByRole('button', { name: /停\s*用/ }).waitFor();

    await page.goto(PATHS.adminExperts);
    await page.getByPlaceholder('请输入姓名').fill('张秀兰');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.locator('tr').filter({ hasText: '张秀兰' }).getByText('资质30天内到期').waitFor();
    await page.getByRole('button', { name: /重\s*置/ }).click();
    const seq = String(Date.now() % 1000).padStart(3, '0');
    const head = [
      '姓名',
      '证件号码',
      '手机号码',
      '所在区县',
      '服务项目',
      '行业领域',
      '资格证书名称',
      '证书有效期至',
    ];
    const sheet = async (rows: string[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('专家');
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const good = [
      '严导入',
      validId(`32132319860606${seq}`),
      '13905278801',
      '泗阳县',
      '生产安全事故隐患排查',
      '危险化学品',
      '注册安全工程师',
      '2029-09-30',
    ];
    const mime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: '专家.xlsx',
      mimeType: mime,
      buffer: await sheet([head, good, ['错', '321323198606060000', '1390', '南京市', '', '', '', '']]),
    });
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await dialog.getByText('导入失败：1行有误').waitFor();
    await dialog.getByText(/本次未导入任何数据/).waitFor();
    await dialog.getByRole('table').getByText('第3行').waitFor();
    await dialog.getByText(/所在区县“南京市”不是宿迁市的区县/).waitFor();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: '专家.xlsx', mimeType: mime, buffer: await sheet([head, good]) });
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await dialog.getByText('导入成功：新增专家1名').waitFor();
    await dialog.getByRole('button', { name: /关\s*闭/ }).click();
    const imported = page.locator('tr').filter({ hasText: '严导入' });
    await imported.waitFor();
    expect(await imported.textContent()).toMatch(/321323\*{8}/);

    // Service organisations: the template downloads, a workbook imports through the same dialog.
    await page.goto(PATHS.adminService);
    await page.locator('tr').filter({ hasText: '江苏宿安检测评价有限公司' }).waitFor();
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const orgDialog = page.getByRole('dialog');
    await orgDialog.getByText('导入服务机构').waitFor();
    const [tpl] = await Promise.all([
      page.waitForEvent('download'),
      orgDialog.getByRole('button', { name: /下载导入模板/ }).click(),
    ]);
    expect(tpl.suggestedFilename()).toBe('服务机构导入模板.xlsx');
    const C = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    const UW = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
    const first17 = `91321300MA1E2${seq}0`;
    const sum = [...first17].reduce((a, ch, i) => a + C.indexOf(ch) * UW[i]!, 0);
    const uscc = first17 + C[(31 - (sum % 31)) % 31];
    const orgName = `宿迁市导入${seq}安全咨询有限公司`;
    await orgDialog.locator('input[type=file]').setInputFiles({
      name: '服务机构.xlsx',
      mimeType: mime,
      buffer: await sheet([
        ['机构名称', '统一社会信用代码', '所在区县', '联系人', '联系电话', '服务项目', '服务区域'],
        [orgName, uscc, '宿城区', '郑导入', '13905278802', '生产安全事故隐患排查', '宿城区、宿豫区'],
      ]),
    });
    await orgDialog.getByRole('button', { name: '开始导入' }).click();
    await orgDialog.getByText('导入成功：新增服务机构1家').waitFor();
    await orgDialog.getByRole('button', { name: /关\s*闭/ }).click();
    await page.locator('tr').filter({ hasText: orgName }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 200_000);

  it('insurer: starts a project with an expert of the pool (its panel chosen in 专家)', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'insurer');
    await page.goto('/insurance/org/InsuranceExperts/route');
    await page.getByPlaceholder('请输入姓名').fill('吴志明');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const wu = page.locator('tr').filter({ hasText: '吴志明' });
    await wu.waitFor();
    await wu.getByRole('button', { name: '发起预防项目' }).click();
    await page.waitForURL(
      (u) => u.pathname.includes('InsuranceApManage') && u.search.includes('expertOrgId='),
    );
    const modal = page.locator('.ant-modal-content').filter({ hasText: '服务机构' });
    await modal.getByText('宿迁市安全生产专家委员会').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('insurer: filters its pool by district and rating, and starts a project with an organisation', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'insurer');
    await page.goto(PATHS.insurerServices);
    await page.locator('tr').filter({ hasText: '宿迁市安泰安全技术服务有限公司' }).waitFor();
    expect(await page.locator('tr').filter({ hasText: '宿迁市宿豫区恒信安全工程有限公司' }).count()).toBe(0);
    const rating = page.locator('.ant-pro-query-filter').getByLabel('评分');
    await rating.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByTitle('4分及以上')
      .click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    // organisations without ratings leave the list; the rated demo organisation stays
    await page
      .locator('tr')
      .filter({ hasText: '宿迁市宿城区众安安全咨询有限公司' })
      .waitFor({ state: 'detached' });
    expect(await page.getByText('暂无评价').count()).toBe(0);
    const antai = page.locator('tr').filter({ hasText: '宿迁市安泰安全技术服务有限公司' });
    await antai.waitFor();
    await antai.getByRole('button', { name: '发起预防项目' }).click();
    await page.waitForURL(
      (u) => u.pathname.includes('InsuranceApManage') && u.search.includes('serviceOrgId='),
    );
    const modal = page.locator('.ant-modal-content').filter({ hasText: '服务机构' });
    await modal.getByText('宿迁市安泰安全技术服务有限公司').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
