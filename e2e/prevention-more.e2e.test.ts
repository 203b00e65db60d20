/**
 * Accident prevention beyond the core chain, across roles in one browser: the insurer's annual plan filing
 * (returned by the regulator with a reason, re-filed as version 2, filed), a service organisation's
 * training (published, signed up by the enterprise, attendance recorded, seen by the regulator), an
 * enterprise's service request declined by the insurer with a reason, and the regulator's overview.
 * The steps share the demo data and run in order.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiData,
  chinaText,
  confirmPopconfirm,
  expectMessage,
  LANDING,
  launchBrowser,
  login,
  openPage,
  waitForPath,
} from './helpers.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const stamp = Date.now().toString(36);
const TOPIC = `动火作业安全培训${stamp}`;
const REQUEST_TEXT = `请对涂装车间开展隐患排查${stamp}`;
const NEXT_YEAR = Number(chinaText(new Date()).slice(0, 4)) + 1;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function item(scope: Locator, label: string): Locator {
  return scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label:text-is("${label}")`) });
}
async function choose(page: Page, field: Locator, option?: string): Promise<void> {
  await field.locator('.ant-select-selector').click();
  const options = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
  );
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
  // A multiple select keeps its dropdown open: close it (Escape with none open would close the dialog).
  await page.waitForTimeout(300);
  if ((await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()) > 0)
    await page.keyboard.press('Escape');
}
async function typeDate(field: Locator, value: string): Promise<void> {
  const input = field.locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}
const modal = (page: Page, title: string | RegExp) =>
  page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
const row = (page: Page, text: string | RegExp) => page.locator('tr.ant-table-row').filter({ hasText: text });
/** The row of a list whose cell cuts `text` to its width (the whole text is the cell's title). */
const rowTitled = (page: Page, text: string) =>
  page
    .locator('tr.ant-table-row')
    .filter({ has: page.locator(`[title="${text}"]`) })
    .or(row(page, text));

/** The demo session (seed/prevention-activity.ts) that started two days ago and waits for attendance. */
const STARTED_TOPIC = '冬季安全生产检查要点培训';

describe('accident prevention: filings, trainings, requests, the regulator’s overview', () => {
  it('a service organisation publishes a training; the enterprise signs up within the seats', {
    timeout: 120_000,
  }, async () => {
    const ent = await openPage(browser);
    await login(ent.page, 'ent');
    const mine = await apiData<{ districtName: string }>(ent.page, '/api/enterprise/mine');
    expect(mine.districtName).toBeTruthy();

    const { page, context, errors } = await openPage(browser);
    await login(page, 'service');
    await page.goto('/service/ap/ServiceApTrain/route');
    await page.getByRole('button', { name: /发布培训/ }).click();
    const form = modal(page, '发布培训');
    await form.waitFor();
    await item(form, '培训主题').locator('input').fill(TOPIC);
    // The session starts in one to two minutes (minutes are what a person types).
    const startsAt = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000 + 60_000;
    await typeDate(item(form, '开始时间'), chinaText(new Date(startsAt)));
    await typeDate(item(form, '结束时间'), chinaText(new Date(startsAt + 2 * 3600_000)));
    await item(form, '培训地点').locator('input').fill('宿城区应急管理局三楼会议室');
    await item(form, '培训名额（人）').locator('input').fill('20');
    await choose(page, item(form, '面向区县'), mine.districtName);
    await form.getByRole('button', { name: /发\s?布/ }).click();
    await expectMessage(page, '培训已发布');
    await row(page, TOPIC).getByText('报名中').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    await ent.page.goto('/ent/EntAPSignUp/route');
    const open = row(ent.page, TOPIC);
    await open.getByText('20个').waitFor();
    await open.getByText('报名', { exact: true }).click();
    const sign = modal(ent.page, `报名：${TOPIC}`);
    await sign.getByText('本场共20个名额，剩余20个。').waitFor();
    await item(sign, '报名人数').locator('input').fill('21');
    await item(sign, '联系人').locator('input').fill('王安全');
    await item(sign, '联系电话').locator('input').fill('13905271234');
    await sign.getByRole('button', { name: '确认报名' }).click();
    await sign.getByText('名额不足：剩余20个，请减少报名人数').waitFor();
    await item(sign, '报名人数').locator('input').fill('3');
    await sign.getByRole('button', { name: '确认报名' }).click();
    await expectMessage(ent.page, `已报名：${TOPIC}`);
    await ent.page.getByRole('tab', { name: '我的报名' }).click();
    await row(ent.page, TOPIC).getByText('已报名').waitFor();
    expect(ent.errors).toEqual([]);
    await ent.context.close();
  });

  it('the insurer files next year’s plan; the regulator returns it with a reason; version 2 is filed', {
    timeout: 150_000,
  }, async () => {
    const ins = await openPage(browser);
    await login(ins.page, 'insurer');
    await ins.page.goto('/insurance/InsuranceAp/InsuranceApApply/route');
    await ins.page.getByRole('button', { name: /新增备案/ }).click();
    const form = modal(ins.page, '新增年度预防计划备案');
    await form.waitFor();
    await choose(ins.page, item(form, '年度'), `${NEXT_YEAR}年`);
    await choose(ins.page, item(form, '服务区县'), '宿城区');
    await item(form, '03 生产安全事故隐患排查').locator('input').fill('6');
    await item(form, '01 安全生产宣传教育培训').locator('input').fill('2');
    await item(form, '预计保费收入').locator('input').fill('1000000');
    await item(form, '预防费用预算').locator('input').fill('300000');
    await form.getByText('预算占预计保费 30.00%（上限 21%）').waitFor();
    await item(form, '预防费用预算').locator('input').fill('150000');
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: `${NEXT_YEAR}年预防计划.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await form.locator('.ant-upload-list-item-done').first().waitFor();
    await form.getByRole('button', { name: '提交备案' }).click();
    await expectMessage(ins.page, `已提交${NEXT_YEAR}年预防计划（第1版）`);

    const gov = await openPage(browser);
    await login(gov.page, 'gov');
    await gov.page.goto('/government/govAp/GovApPlan/route');
    const pending = row(gov.page, `${NEXT_YEAR}年`);
    await pending.getByText('待审核').waitFor();
    await pending.getByText('退回').click();
    const back = modal(gov.page, /^退回/);
    await back.getByRole('button', { name: /退\s?回/ }).click();
    await back.getByText('请填写退回原因').waitFor();
    await back.locator('textarea').fill('隐患排查计划次数偏少，请按承保企业数量补充');
    await back.getByRole('button', { name: /退\s?回/ }).click();
    await expectMessage(gov.page, '已退回');
    await pending.getByText('已退回').waitFor();

    await ins.page.reload();
    const returned = row(ins.page, `${NEXT_YEAR}年`);
    await returned.getByText('隐患排查计划次数偏少，请按承保企业数量补充').waitFor();
    await returned.getByText('重新备案').click();
    const refile = modal(ins.page, `重新备案 ${NEXT_YEAR}年预防计划（第2版）`);
    await refile.getByText('第1版已退回：隐患排查计划次数偏少，请按承保企业数量补充').waitFor();
    await item(refile, '03 生产安全事故隐患排查').locator('input').fill('12');
    await refile.getByRole('button', { name: '提交备案' }).click();
    await expectMessage(ins.page, `已提交${NEXT_YEAR}年预防计划（第2版）`);
    await row(ins.page, `${NEXT_YEAR}年`).getByText('第2版（共2版）').waitFor();

    await gov.page.reload();
    const v2 = row(gov.page, `${NEXT_YEAR}年`);
    await v2.getByText('第2版').waitFor();
    await v2.getByText('查看').click();
    const history = gov.page.getByTestId('filing-history');
    await history.getByText('第1版').waitFor();
    await history.getByText('隐患排查计划次数偏少，请按承保企业数量补充').waitFor();
    await gov.page.keyboard.press('Escape');
    await v2.getByText('备案通过').click();
    await confirmPopconfirm(gov.page, '备案通过');
    await expectMessage(gov.page, '已备案');
    await v2.getByText('已备案').waitFor();

    await ins.page.reload();
    await row(ins.page, `${NEXT_YEAR}年`).getByText('已备案').waitFor();
    expect(ins.errors).toEqual([]);
    expect(gov.errors).toEqual([]);
    await ins.context.close();
    await gov.context.close();
  });

  it('the enterprise asks for a service; the insurer declines it with a reason; the enterprise sees why', {
    timeout: 120_000,
  }, async () => {
    const ent = await openPage(browser);
    await login(ent.page, 'ent');
    await ent.page.goto('/ent/EntAPRequirement/route');
    await ent.page.getByRole('button', { name: /提出服务需求/ }).click();
    const form = modal(ent.page, '提出服务需求');
    await form.waitFor();
    await choose(ent.page, item(form, '保单（向其主承保机构提出）'));
    await choose(ent.page, item(form, '服务项目'), '03 生产安全事故隐患排查');
    await item(form, '需求描述').locator('textarea').fill(REQUEST_TEXT);
    await typeDate(item(form, '期望开始日期'), chinaText(new Date(Date.now() + 7 * 86400_000)).slice(0, 10));
    await item(form, '联系人').locator('input').fill('王安全');
    await item(form, '联系电话').locator('input').fill('13905271234');
    await form.getByRole('button', { name: /提\s?交/ }).click();
    await expectMessage(ent.page, '服务需求已提交');
    await rowTitled(ent.page, REQUEST_TEXT).getByText('待处理').waitFor();

    const ins = await openPage(browser);
    await login(ins.page, 'insurer');
    await ins.page.goto('/insurance/InsuranceAp/InsuranceApRequirement/route');
    const asked = rowTitled(ins.page, REQUEST_TEXT);
    await asked.getByText('待处理').waitFor();
    await asked.getByText('拒绝').click();
    const decline = modal(ins.page, /^拒绝服务需求/);
    await decline.locator('textarea').fill('本季度隐患排查已排满，下季度优先安排');
    await decline.getByRole('button', { name: /拒\s?绝/ }).click();
    await expectMessage(ins.page, '已拒绝');
    await asked.getByText('已拒绝').waitFor();

    await ent.page.reload();
    const answered = rowTitled(ent.page, REQUEST_TEXT);
    await answered.getByText('已拒绝').waitFor();
    await answered.getByText('拒绝原因：本季度隐患排查已排满，下季度优先安排').waitFor();
    expect(ent.errors).toEqual([]);
    expect(ins.errors).toEqual([]);
    await ent.context.close();
    await ins.context.close();
  });

  it('after a session started its publisher records attendance; the regulator sees it in 培训记录', {
    timeout: 120_000,
  }, async () => {
    // The demo insurer's session that began two days ago and waits for its attendance (待登记): five
    // enterprises signed up, 恒安化工 (ent) with 3 persons. Sessions created in this run start in the future,
    // and attendance is refused before the start, so a started one comes from the demo data.
    const { page, context, errors } = await openPage(browser);
    await login(page, 'insurer');
    await page.goto('/insurance/InsuranceAp/InsuranceApTrain/route');
    const session = row(page, STARTED_TOPIC);
    await session.getByText('待登记').waitFor();
    await session.getByText('登记出勤').click();
    const form = modal(page, `登记出勤：${STARTED_TOPIC}`);
    await form.waitFor();
    // Every sign-up is there, counted as attending with the persons it signed up.
    await expect.poll(() => form.locator('tr.ant-table-row').count()).toBe(5);
    const entRow = form.locator('tr.ant-table-row').filter({ hasText: '恒安化工' });
    expect(await entRow.locator('input[type=checkbox]').isChecked()).toBe(true);
    await item(form, '培训情况说明')
      .locator('textarea')
      .fill('讲解冬季防火防冻和有限空间作业检查要点，五家企业参加。');
    await item(form, '培训现场照片')
      .locator('input[type=file]')
      .setInputFiles({ name: 'training.png', mimeType: 'image/png', buffer: PNG });
    await item(form, '培训现场照片').locator('.ant-upload-list-item-done').first().waitFor();
    await form.getByRole('button', { name: '保存登记' }).click();
    await expectMessage(page, '出勤情况已登记');
    await session.getByText('已完成').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const gov = await openPage(browser);
    await login(gov.page, 'gov');
    await gov.page.goto('/government/govAp/GovApTrain/route');
    const seen = row(gov.page, STARTED_TOPIC);
    await seen.getByText('已完成').waitFor();
    await seen.getByText(/^5家 \d+人$/).waitFor();
    await seen.getByText('查看').click();
    const signUps = gov.page.getByTestId('training-signups');
    await signUps
      .locator('tr.ant-table-row')
      .filter({ hasText: '恒安化工' })
      .getByText('已参加 3人')
      .waitFor();
    expect(gov.errors).toEqual([]);
    await gov.context.close();
  });

  it('the regulator lands on 事故预防监管 with its figures, charts and districts', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'gov');
    await waitForPath(page, LANDING.gov);
    await page
      .getByTestId('ap-fig-services')
      .locator('.ant-statistic-content-value')
      .filter({ hasText: /\d+ \/ \d+/ })
      .waitFor();
    await page
      .getByTestId('ap-fig-spent')
      .locator('.ant-statistic-content-value')
      .filter({ hasText: /\d/ })
      .waitFor();
    await page.getByText('各月服务情况（次）').waitFor();
    await expect.poll(() => page.locator('section[aria-busy="false"] svg').count()).toBeGreaterThan(3);
    const district = page.getByTestId('ap-overview-districts').getByRole('link').first();
    await district.waitFor();
    expect(await district.getAttribute('href')).toMatch(/GovApQuery\/route\?districtCode=\d{6}$/);
    expect(await page.getByText('页面不存在或正在开发中').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
