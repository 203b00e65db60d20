import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiData,
  checkControl,
  confirmPopconfirm,
  expectMessage,
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

const DEMO_INSURER = '中国人民财产保险股份有限公司宿迁市分公司';
/** GB 11643's own example number (valid check digit). */
const NEW_PERSON_ID = '11010519491231002X';

/** Fills an antd form field found by its label. */
async function fill(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.blur();
}

/**
 * One line of text (no value wrapped onto a second line): the element is no taller than a line (`max`
 * px: a table cell adds its padding), and it is in view without scrolling sideways.
 */
async function expectOneLine(
  page: Page,
  selector: ReturnType<Page['locator']>,
  what: string,
  max = 26,
): Promise<void> {
  const box = await selector.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.height, `${what} is on one line`).toBeLessThan(max);
  expect(box!.x + box!.width, `${what} is in view`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The list's table has no sideways scroll: every column fits beside the menu. */
async function expectNoSideScroll(page: Page, what: string): Promise<void> {
  const { scroll, client } = await page
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, `${what}: no sideways scroll (${scroll} > ${client})`).toBeLessThanOrEqual(client);
}

async function selectOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

describe('policy: apply, issue, endorse (issue 5 Policies and Endorsements)', () => {
  it('the enterprise applies, the insurer issues, an added person becomes a new policy version', async () => {
    // ---- Enterprise applies through the form (a browser set to UTC: dates are China dates) ----------
    const ent = await openPage(browser, { timezoneId: 'UTC' });
    await login(ent.page, 'ent');
    await ent.page.goto('/ent/Entazx/EntInsuranceManage/route');
    await ent.page.locator('tr.ant-table-row').first().waitFor();
    await ent.page.getByRole('button', { name: '投保申请' }).click();
    await waitForPath(ent.page, '/ent/Entazx/EntInsuranceAdd/route');
    await ent.page.getByText('投保信息').first().waitFor();
    await selectOption(ent.page, '出单保险机构（主承）', DEMO_INSURER);
    // 提交审核 and 保存草稿 do not touch.
    const submitBox = await ent.page.getByRole('button', { name: /提交审核/ }).boundingBox();
    const draftBox = await ent.page.getByRole('button', { name: /保存草稿/ }).boundingBox();
    expect(draftBox!.x - (submitBox!.x + submitBox!.width)).toBeGreaterThanOrEqual(8);
    // A draft needs only the insurer and the period: saved as it is, completed later.
    await ent.page.getByRole('button', { name: /保存草稿/ }).click();
    await expectMessage(ent.page, '已保存草稿');
    await waitForPath(ent.page, '/ent/Entazx/EntInsuranceDetail/route');
    const missing = ent.page.getByTestId('draft-missing');
    await missing.filter({ hasText: '事故预防服务费用比例' }).waitFor();
    await missing.getByRole('button', { name: '继续填写' }).click();
    await waitForPath(ent.page, '/ent/Entazx/EntInsuranceAdd/route');
    await ent.page.getByText('投保信息').first().waitFor();
    // The start defaults to the day after the current policy ends: no overlap.
    const start = await ent.page.getByLabel('保险起期', { exact: true }).inputValue();
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A per-person limit below the configured floor is refused with the rule's message, nothing is sent.
    await fill(ent.page, '每人死亡伤残责任限额（元）', '300000');
    await ent.page.getByRole('button', { name: /提交审核/ }).click();
    await ent.page.getByText('每人死亡伤残责任限额不得低于400000元').first().waitFor();
    expect(ent.page.url()).toContain('/EntInsuranceAdd/');

    await fill(ent.page, '每人死亡伤残责任限额（元）', '500000');
    // The pricing is the insurer's (issue 11): the enterprise is shown where rates are published.
    expect(await ent.page.getByLabel('行业基准费率（‰）', { exact: true }).count()).toBe(0);
    expect(await ent.page.getByLabel('实收保费（元）', { exact: true }).count()).toBe(0);
    const pricing = ent.page.getByTestId('pricing-by-insurer');
    await pricing.getByRole('link', { name: '各保险机构公布的保险条款与费率' }).waitFor();
    await pricing.getByRole('link', { name: '法规库' }).waitFor();
    await fill(ent.page, '事故预防服务费用比例（%）', '15');
    await checkControl(ent.page.getByLabel('01 安全生产宣传教育培训'));
    await checkControl(ent.page.getByLabel('03 生产安全事故隐患排查'));
    const perAccident = (await ent.page.getByTestId('per-accident').textContent()) ?? '';
    expect(perAccident).toContain('万元');
    await screenshot(ent.page, 'policy-apply-form');
    await ent.page.getByRole('button', { name: /提交审核/ }).click();
    await expectMessage(ent.page, '已提交审核');
    await waitForPath(ent.page, '/ent/Entazx/EntInsuranceDetail/route');
    const policyId = Number(new URL(ent.page.url()).searchParams.get('id'));
    expect(policyId).toBeGreaterThan(0);
    // The start date chosen is the one stored and shown, whatever the browser's zone.
    const applied = await apiData<{ startDate: string; benchmarkRate: number; premium: number }>(
      ent.page,
      `/api/policy/detail?id=${policyId}`,
    );
    expect(applied).toMatchObject({ startDate: start, benchmarkRate: 0, premium: 0 });
    await ent.page
      .getByText(new RegExp(`${start}\\s*至`))
      .first()
      .waitFor();
    await ent.page.getByTestId('pricing-pending').waitFor();
    await ent.page.locator('.ant-tag').filter({ hasText: '待审核' }).first().waitFor();
    const applicationNo = ((await ent.page.getByTestId('detail-application-no').textContent()) ?? '').trim();
    expect(applicationNo).toMatch(/^TB\d+/);

    // ---- The insurer finds it in 保单管理 and issues it -----------------------------------------------
    const ins = await openPage(browser, { width: 1440, height: 900, timezoneId: 'UTC' });
    await login(ins.page, 'insurer');
    await ins.page.goto('/insurance/azx/PolicyManage/route');
    await ins.page.getByPlaceholder('保单号/投保单号/企业名称/信用代码').fill(applicationNo);
    await ins.page.getByRole('button', { name: /查\s*询/ }).click();
    const row = ins.page.locator('tr.ant-table-row').filter({ hasText: applicationNo });
    await row.waitFor();
    // At 1440 px: the 状态 tag and the 审核 link in view without scrolling sideways, numbers whole.
    await expectOneLine(ins.page, row.getByText('审核', { exact: true }), '审核');
    await expectOneLine(ins.page, row.locator('.ant-tag').filter({ hasText: '待审核' }), '状态');
    await expectOneLine(ins.page, row.getByText(applicationNo, { exact: true }), '投保单号');
    await expectNoSideScroll(ins.page, '保单管理');
    await screenshot(ins.page, 'policy-manage');
    await row.getByText('审核', { exact: true }).click();
    const dialog = ins.page.locator('.ant-modal').filter({ hasText: '审核投保申请' });
    await dialog.waitFor();
    const policyNo = `PE2E${Date.now()}`;
    await dialog.getByLabel('保单号').fill(policyNo);
    // Issuing needs the insurer's pricing: refused until it is filled in.
    await dialog.getByRole('button', { name: '审核通过并出单' }).click();
    await dialog.getByText('请输入行业基准费率').waitFor();
    await dialog.getByText('请输入实收保费').waitFor();
    await dialog.getByLabel('行业基准费率（‰）', { exact: true }).fill('1.5');
    await dialog.getByText('按计算保费填入').click();
    await screenshot(ins.page, 'policy-issue-pricing');
    await dialog.getByRole('button', { name: '审核通过并出单' }).click();
    await expectMessage(ins.page, '审核通过，保单已出单');
    const issued = await apiData<{ benchmarkRate: number; premium: number; premiumCalc: number }>(
      ins.page,
      `/api/policy/detail?id=${policyId}`,
    );
    expect(issued.benchmarkRate).toBe(1.5);
    expect(issued.premium).toBeGreaterThan(0);
    expect(issued.premium).toBe(issued.premiumCalc);

    // ---- The enterprise sees the issued policy ----------------------------------------------------------
    await ent.page.goto('/ent/Entazx/EntInsuranceQuery/route');
    await ent.page.locator('tr.ant-table-row').filter({ hasText: policyNo }).waitFor();
    await ent.page.goto(`/ent/Entazx/EntInsuranceDetail/route?id=${policyId}`);
    await ent.page.getByText(`保单 ${policyNo}`).waitFor();

    // ---- An endorsement of the policy in force (the new one starts when it ends, and a change to it would
    // wait for its effective date: domain 3.3) --------------------------------------------------------------
    await ent.page.goto('/ent/Entazx/EntInsuranceQuery/route');
    const inForce = ent.page
      .locator('tr.ant-table-row')
      .filter({ hasText: /保障中|即将到期/ })
      .first();
    await inForce.waitFor();
    await inForce.getByText('查看', { exact: true }).click();
    await waitForPath(ent.page, '/ent/Entazx/EntInsuranceDetail/route');
    const inForceId = Number(new URL(ent.page.url()).searchParams.get('id'));
    expect(inForceId).not.toBe(policyId);
    const inForceNo = (
      (await ent.page
        .getByText(/^保单 \S+$/)
        .first()
        .textContent()) ?? ''
    )
      .slice(3)
      .trim();
    expect(inForceNo).not.toBe('');

    const headcountBefore = (await ent.page.getByTestId('detail-headcount').textContent()) ?? '';
    const before = Number.parseInt(headcountBefore, 10);
    expect(before).toBeGreaterThan(0);

    // The insurer's lists fit 1440 px: numbers on one line, the 审核 link in view without scrolling.
    await ins.page.goto('/insurance/azx/EndorsementManage/route');
    await ins.page.getByPlaceholder('批单号/保单号/企业名称').fill(inForceNo);
    await ins.page.getByRole('button', { name: /查\s*询/ }).click();
    const pendingRow = ins.page
      .locator('tr.ant-table-row')
      .filter({ hasText: '待审核' })
      .filter({ hasText: inForceNo })
      .first();
    await pendingRow.waitFor();
    await expectOneLine(ins.page, pendingRow.locator('a').filter({ hasText: /^PG\d+$/ }), '批单号');
    await expectOneLine(ins.page, pendingRow.getByText(inForceNo, { exact: true }), '保单号');
    await expectOneLine(ins.page, pendingRow.getByText('审核', { exact: true }), '审核');
    await expectNoSideScroll(ins.page, '批改管理');
    await pendingRow.getByText('审核', { exact: true }).click();
    const pendingDrawer = ins.page.locator('.ant-drawer-content').filter({ hasText: '审核意见' });
    // Hovering waits until the drawer has finished sliding in (a stable element).
    await pendingDrawer.getByRole('button', { name: '审核通过' }).hover();
    await expectOneLine(
      ins.page,
      pendingDrawer.locator('.ant-descriptions-item-label').filter({ hasText: '投保企业' }),
      '投保企业',
      44,
    );
    await screenshot(ins.page, 'policy-endorse-review-pending');
    await ins.page.keyboard.press('Escape');

    // ---- The demo policy has an application waiting for review (one at a time per policy): the form says
    // so as soon as the policy is chosen, and the enterprise withdraws it --------------------------------
    await ent.page.getByRole('button', { name: '申请批改' }).click();
    await waitForPath(ent.page, '/ent/Entazx/EntEndorsementAdd/route');
    const pending = ent.page.getByTestId('pending-endorsement');
    await pending.filter({ hasText: '该保单有待审核的批改申请' }).waitFor();
    expect(await ent.page.getByRole('button', { name: '提交批改申请' }).isDisabled()).toBe(true);
    await screenshot(ent.page, 'policy-endorse-pending');
    await pending
      .locator('a')
      .filter({ hasText: /^PG\d+$/ })
      .click();
    await waitForPath(ent.page, '/ent/Entazx/EntEndorsementDetail/route');
    await ent.page.getByRole('button', { name: '撤回申请' }).click();
    await confirmPopconfirm(ent.page, /确\s*定|OK/);
    await expectMessage(ent.page, '批改申请已撤回');
    await ent.page.locator('.ant-tag').filter({ hasText: '已撤回' }).first().waitFor();

    // ---- The enterprise applies for an endorsement adding one person ------------------------------------
    await ent.page.goto(`/ent/Entazx/EntEndorsementAdd/route?policyId=${inForceId}`);
    await ent.page.getByText('新增人员名单', { exact: true }).first().waitFor();
    await ent.page.getByLabel('新增人员名单姓名1').fill('周新员');
    await ent.page.getByLabel('新增人员名单身份证号码1').fill('110105194912310021');
    await ent.page.getByLabel('新增人员名单岗位1').fill('操作工');
    await ent.page.getByLabel('批改原因').fill('新招操作工一名，全员参保');
    await ent.page.getByRole('button', { name: '提交批改申请' }).click();
    // The bad check digit is caught before anything is sent.
    await ent.page.getByText('身份证号码格式或校验位不正确，请核对18位号码').first().waitFor();
    await ent.page.getByLabel('新增人员名单身份证号码1').fill(NEW_PERSON_ID);
    await ent.page
      .getByTestId('headcount-after')
      .filter({ hasText: `${before + 1} 人` })
      .waitFor();
    await ent.page.getByText(/按日折算：.*点击填入/).click();
    await screenshot(ent.page, 'policy-endorse-form');
    await ent.page.getByRole('button', { name: '提交批改申请' }).click();
    await expectMessage(ent.page, '批改申请已提交');
    await waitForPath(ent.page, '/ent/Entazx/EntEndorsementDetail/route');
    // The roster is saved: the person with the ID number masked (first 6 and last 4 only).
    const roster = ent.page.getByTestId('endorsement-roster');
    await roster
      .locator('tr')
      .filter({ hasText: '周新员' })
      .filter({ hasText: '110105********002X' })
      .waitFor();
    expect(await ent.page.content()).not.toContain(NEW_PERSON_ID);
    const endorsementNo = ((await ent.page.locator('.ant-card-head-title').first().textContent()) ?? '')
      .replace('批改详情', '')
      .trim();
    expect(endorsementNo).toMatch(/^PG\d+/);

    // ---- The insurer approves it ------------------------------------------------------------------------
    await ins.page.goto('/insurance/azx/EndorsementManage/route');
    await ins.page.getByPlaceholder('批单号/保单号/企业名称').fill(endorsementNo);
    await ins.page.getByRole('button', { name: /查\s*询/ }).click();
    const enRow = ins.page.locator('tr.ant-table-row').filter({ hasText: endorsementNo });
    await enRow.waitFor();
    await enRow.getByText('审核', { exact: true }).click();
    const drawer = ins.page.locator('.ant-drawer-content').filter({ hasText: endorsementNo });
    await drawer
      .getByTestId('endorsement-change')
      .filter({ hasText: `${before + 1} 人` })
      .waitFor();
    await screenshot(ins.page, 'policy-endorse-review');
    await drawer.getByRole('button', { name: '审核通过' }).click();
    await ins.page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^通\s*过$/ })
      .click();
    await expectMessage(ins.page, '批改已生效');

    // ---- The policy shows the new version, and the old one stays readable -------------------------------
    await ent.page.goto(`/ent/Entazx/EntInsuranceDetail/route?id=${inForceId}&tab=versions`);
    const versions = ent.page.locator('.ant-table-row').filter({ hasText: /第 \d 版/ });
    await versions.filter({ hasText: '当前' }).filter({ hasText: endorsementNo }).waitFor();
    expect(await versions.count()).toBeGreaterThanOrEqual(2);
    await versions.filter({ hasText: '历史' }).first().getByText('查看该版本').click();
    const compare = ent.page.getByTestId('version-compare');
    const headRow = compare.locator('tr').filter({ hasText: '参保人数' });
    await headRow.filter({ hasText: '已变更' }).waitFor();
    const cells = await headRow.locator('td').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['参保人数', `${before} 人`, `${before + 1} 人`]);
    await screenshot(ent.page, 'policy-versions');

    // ---- The approved person is on the policy's insured-person list, masked -----------------------------
    await ent.page.getByRole('tab', { name: /参保人员/ }).click();
    const persons = ent.page.getByTestId('policy-persons');
    // The list is paged (the demo policy names 30 persons): find the new one by name.
    await persons.getByPlaceholder('姓名或完整证件号码').fill('周新员');
    await persons.getByRole('button', { name: /查\s*询/ }).click();
    await persons
      .locator('tr')
      .filter({ hasText: '周新员' })
      .filter({ hasText: '110105********002X' })
      .waitFor();
    await persons.locator('tr').filter({ hasText: '周新员' }).filter({ hasText: '参保中' }).waitFor();

    expect(ent.errors).toEqual([]);
    expect(ins.errors).toEqual([]);
    await ent.context.close();
    await ins.context.close();
  }, 150_000);
});
