import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, openPage, screenshot, waitForPath } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const TITLE = `理赔款迟迟未到账-${stamp}`;
const INSURER = '中国人民财产保险股份有限公司宿迁市分公司';

/** The open dialog (antd Modal) titled `title`. */
function dialog(page: Page, title: string): Locator {
  return page
    .locator('.ant-modal-content')
    .filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
}

/** Opens the action `name` of the complaint detail, fills the dialog with `fill` and submits it. */
async function act(page: Page, name: RegExp, title: string, fill: (d: Locator) => Promise<void>) {
  await page.getByTestId('complaint-actions').getByRole('button', { name }).click();
  const d = dialog(page, title);
  await d.waitFor();
  await fill(d);
  const sent = page.waitForResponse(
    (r) => r.url().includes('/api/complaint/') && r.request().method() === 'POST',
  );
  await d.getByRole('button', { name: /提\s*交/ }).click();
  expect((await sent).ok()).toBe(true);
  await d.waitFor({ state: 'hidden' });
}

/** Waits for the detail's state tag to read `state`. */
async function stateIs(page: Page, state: string) {
  await page
    .getByTestId('complaint-detail')
    .getByTestId('complaint-state')
    .first()
    .filter({ hasText: state })
    .waitFor({ timeout: 15_000 });
}

/** The row of TITLE in a complaint list, after a keyword search. */
async function findRow(page: Page): Promise<Locator> {
  const keyword = page.getByPlaceholder('编号/标题/投诉人/被投诉人');
  await keyword.fill(TITLE);
  const searched = page.waitForResponse((r) => r.url().includes('/api/complaint/list') && r.ok());
  await keyword.press('Enter');
  await searched;
  const row = page.locator('[data-testid="complaint-table"] tr.ant-table-row').filter({ hasText: TITLE });
  await row.first().waitFor({ timeout: 15_000 });
  return row.first();
}

describe('complaints (issue 15): ent → insurer → not satisfied → the regulator takes over and closes', () => {
  let id = '';

  it('the enterprise files a complaint against the insurer from the footer link', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'ent');
    await page.getByTestId('footer-complaint').click();
    await waitForPath(page, '/ent/center/EntComplaintAdd/route');
    await page.getByTestId('complainant-name').getByText('宿迁市恒安化工有限公司').waitFor();
    // 保险机构 is the default kind; pick the insurer by name.
    const unit = page.getByLabel('被投诉单位');
    // Under load a click on an option still sliding in can be lost: pick again until the unit is chosen.
    for (let attempt = 1; ; attempt++) {
      await unit.click();
      await unit.fill('人民财产');
      await page.locator('.ant-select-item-option').filter({ hasText: INSURER }).first().click();
      try {
        await page.getByText(`办理单位：${INSURER}`).waitFor({ timeout: 10_000 });
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
      }
    }
    await page.getByLabel('投诉类别').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '理赔服务' }).first().click();
    await page.getByLabel('投诉标题').fill(TITLE);
    await page
      .getByLabel('投诉内容')
      .fill('10月报案的理赔案件核定后一个多月仍未支付赔款，多次电话询问没有答复。');
    await page.getByLabel('投诉诉求').fill('请尽快支付赔款并说明延迟原因');
    await page.getByLabel('联系电话').fill('13805270003');
    await screenshot(page, 'complaint-ent-add');
    await page.getByRole('button', { name: '提交投诉' }).click();
    await waitForPath(page, '/ent/center/EntComplaintDetail/route');
    id = new URL(page.url()).searchParams.get('id') ?? '';
    expect(id).toMatch(/^\d+$/);
    await stateIs(page, '已提交');
    await page.getByTestId('complaint-timeline').getByText('提交投诉').waitFor();
    // Before acceptance the deadline has not started.
    await page.getByTestId('complaint-deadline-card').getByText('受理后起算').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the insurer accepts it from its handling list and replies with facts, basis and measures', async () => {
    expect(id).not.toBe('');
    const { page, context, errors } = await openPage(browser);
    await login(page, 'insurer');
    await page.goto('/insurance/org/insuranceComplaintManage');
    const row = await findRow(page);
    await row.getByText('已提交').waitFor();
    await screenshot(page, 'complaint-insurer-manage');
    await row.getByText(TITLE).click();
    await waitForPath(page, '/insurance/org/InsuranceComplaintDetail/route');
    await stateIs(page, '已提交');
    await act(page, /^受\s*理$/, '受理', async (d) => {
      await d.getByLabel('受理意见（选填）').fill('已转理赔部核实');
    });
    await stateIs(page, '已受理');
    // The reply deadline now runs (10 working days).
    await page
      .getByTestId('complaint-deadline-card')
      .getByText(/剩余 \d+ 个工作日/)
      .waitFor();
    await act(page, /^答\s*复$/, '答复', async (d) => {
      await d.getByLabel('调查核实的事实').fill('经核实，赔款因企业账户信息有误被银行退回。');
      await d.getByLabel('处理依据').fill('保险合同第十条及《保险法》第二十三条');
      await d.getByLabel('处理措施').fill('已与企业核对账户，重新支付赔款。');
    });
    await stateIs(page, '已答复');
    await page.getByTestId('complaint-reply').getByText('已与企业核对账户，重新支付赔款。').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the enterprise is not satisfied and asks the regulator to handle it', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'ent');
    await page.goto(`/ent/center/EntComplaintDetail/route?id=${id}`);
    await stateIs(page, '已答复');
    await page.getByTestId('complaint-reply').getByText('保险合同第十条及《保险法》第二十三条').waitFor();
    await act(page, /确认办理结果/, '确认办理结果', async (d) => {
      await d
        .locator('label')
        .filter({ hasText: /^不满意$/ })
        .click();
      await d.locator('label').filter({ hasText: '提请监管部门处理' }).click();
      await d.getByLabel('不满意的理由').fill('赔款金额与核定金额不一致');
    });
    await stateIs(page, '已转监管');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the regulator sees it escalated, takes it over and closes it; the timeline shows every step', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'gov');
    await page.goto('/government/govComplaint/GovComplaint/route');
    await page.getByRole('tab', { name: '已转监管' }).click();
    const row = await findRow(page);
    await row.getByText('已转监管').waitFor();
    await row.getByText(TITLE).click();
    await waitForPath(page, '/government/govComplaint/GovComplaintDetail/route');
    await stateIs(page, '已转监管');
    await act(page, /^接\s*办$/, '接办', async (d) => {
      await d.getByLabel('理由').fill('企业对答复不满意，由监管部门直接办理');
    });
    await stateIs(page, '办理中');
    await act(page, /^办\s*结$/, '办结', async (d) => {
      await d.getByLabel('办理结果').fill('经监管部门督办，保险机构已补足赔款差额，企业确认到账。');
    });
    await stateIs(page, '办结');
    const steps = await page.getByTestId('timeline-step').allTextContents();
    const order = ['提交投诉', '受理', '答复', '提请监管部门处理', '监管部门接办', '办结'];
    let at = -1;
    for (const step of order) {
      const i = steps.findIndex((s, k) => k > at && s.includes(step));
      expect(i, `timeline step ${step} after step ${at}: ${steps.join(' | ')}`).toBeGreaterThan(at);
      at = i;
    }
    await screenshot(page, 'complaint-gov-closed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the enterprise reads the closed complaint with the whole timeline', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'ent');
    await page.goto('/ent/center/EntComplaint/route');
    const row = await findRow(page);
    await row.getByText('办结').waitFor();
    await page.goto(`/ent/center/EntComplaintDetail/route?id=${id}`);
    await stateIs(page, '办结');
    const timeline = page.getByTestId('complaint-timeline');
    for (const step of ['提交投诉', '答复', '监管部门接办', '办结'])
      await timeline.getByText(step).first().waitFor();
    await page
      .getByTestId('complaint-facts')
      .getByText('经监管部门督办，保险机构已补足赔款差额，企业确认到账。')
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** No error toast is showing (a failed call of the screen would show one). */
async function noErrorToast(page: Page) {
  expect(await page.locator('.ant-message-error').count()).toBe(0);
}

describe('complaint statistics, satisfaction, service evaluation and the work calendar render on real data', () => {
  it('the regulator: 投诉统计, 满意度评价, 服务评估 with the indicators beside the form', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'gov');
    const statsAnswered = page.waitForResponse((r) => r.url().includes('/api/complaint/stats'));
    await page.goto('/government/govComplaint/GovComplaintStats/route');
    expect((await statsAnswered).ok()).toBe(true);
    await page.getByTestId('stats-by-unit').waitFor();
    expect(await page.getByTestId('complaint-stats').textContent()).toContain('按期答复率');
    await screenshot(page, 'complaint-gov-stats');
    await page.goto('/government/govInsurance/GovEvaluation/route');
    await page.getByTestId('satisfaction-report').getByText('合计').waitFor();
    await screenshot(page, 'evaluation-gov');
    await page.goto('/government/govAp/GovApEval/route');
    await page.getByRole('button', { name: /新增评估/ }).click();
    const form = page.getByTestId('ap-eval-form');
    await form.waitFor();
    await form.getByLabel('评估对象').click();
    await page.locator('.ant-select-item-option').filter({ hasText: INSURER }).first().click();
    await page.getByTestId('eval-indicators').getByText('预防服务').waitFor();
    await screenshot(page, 'evaluation-gov-ap-eval-form');
    await noErrorToast(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the insurer sees its evaluation results; the admin edits a year the built-in calendar does not cover', async () => {
    const ins = await openPage(browser);
    await login(ins.page, 'insurer');
    await ins.page.goto('/insurance/InsuranceAp/InsuranceApEval/route');
    await ins.page.getByText('本机构服务评估结果').waitFor();
    await noErrorToast(ins.page);
    expect(ins.errors).toEqual([]);
    await ins.context.close();

    const { page, context, errors } = await openPage(browser);
    await login(page, 'admin');
    await page.goto('/admin/biz/AdminComplaint/route');
    await page.getByTestId('complaint-table').waitFor();
    await page.goto('/admin/system/AdminWorkCalendar/route');
    await page.getByText('来源：').waitFor();
    await screenshot(page, 'complaint-admin-calendar');
    // 2027 is past the built-in calendar: the administrator enters New Year's Day and saves.
    await page.getByTestId('calendar-year').locator('.ant-select-selector').click();
    await page
      .locator(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="2027年"]',
      )
      .click();
    await page.getByText(/内置日历未覆盖 2027 年/).waitFor();
    await page.getByRole('button', { name: '添加日期' }).click();
    const day = page.getByTestId('calendar-day').last();
    await day.getByLabel('日期').fill('2027-01-01');
    await day.getByLabel('日期').press('Enter');
    await day.getByText('周五').waitFor();
    await day.getByLabel('节日名称').fill('元旦');
    const saved = page.waitForResponse((r) => r.url().includes('/api/workCalendar/save'));
    await page.getByRole('button', { name: /保\s*存/ }).click();
    expect((await saved).ok()).toBe(true);
    await page.getByText('管理员维护').waitFor();
    await noErrorToast(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
