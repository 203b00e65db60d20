import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, chinaText, LANDING, launchBrowser, login, openPage, settledDrawer } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ENT_HAZARDS = '/ent/EntDangerCheck/route';
const SERVICE_DISPOSE = '/service/ap/ServiceApDispose/route';
const GOV_DISPOSE = '/government/govAp/GovApDispose/route';
const GOV_RISK_DETAIL = '/government/govRisk/GovRiskDetail/route';
const GOV_ENT_LIST = '/government/govEnt/GovEntList/route';
const GOV_ENT_DETAIL = '/government/govEnt/GovEntDetail/route';
const ENT_NAME = '宿迁市恒安化工有限公司';

/** A real PNG (8 × 8, one colour) for the photos. */
function pngFile(): string {
  const file = path.join(os.tmpdir(), `hazard-${process.pid}.png`);
  const b64 =
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4YaOBFTEMLQkAdntLARs7+acAAAAASUVORK5CYII=';
  fs.writeFileSync(file, Buffer.from(b64, 'base64'));
  return file;
}

/** The form item labelled exactly `label` inside `scope`. */
function item(scope: Locator, label: string): Locator {
  return scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label:text-is("${label}")`) });
}

/** A call with the page's token: GET (stats, rules) or POST with an Idempotency-Key (creates). */
async function call<T>(
  page: Page,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  key?: string,
): Promise<T> {
  return page.evaluate(
    async ([m, u, b, k]) => {
      const raw = localStorage.getItem('aqzrx__Access-Token') ?? '';
      let token = raw;
      try {
        token = (JSON.parse(raw) as { value?: string }).value ?? raw;
      } catch {
        // stored as a plain string
      }
      const r = await fetch(u as string, {
        method: m as string,
        headers: {
          'X-TOKEN': token,
          ...(b === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(k ? { 'Idempotency-Key': k as string } : {}),
        },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      });
      const env = (await r.json()) as { data: unknown; result?: string };
      if (!r.ok) throw new Error(`${m} ${u}: ${r.status} ${env.result ?? ''}`);
      return env.data;
    },
    [method, url, body, key] as const,
  ) as Promise<T>;
}

interface Stats {
  major: number;
  majorRectified: number;
  open: number;
}
interface Risk {
  riskLevel: number;
  riskLevelLabel: string;
  points: number;
  openMajorHazards: number;
  factors: { factor: string; value: number; points: number }[];
  history: { riskLevel: number; cause: string }[];
}
interface Rules {
  thresholds: { major: number; larger: number; general: number };
  rules: { factor: string; min: number; points: number }[];
}

/** The level the rule table gives for an enterprise's factor values (the documented rule, as a check). */
function levelOf(r: Risk, table: Rules): number {
  const value = (f: string) => r.factors.find((x) => x.factor === f)?.value ?? 0;
  const points = table.rules.filter((x) => value(x.factor) >= x.min).reduce((s, x) => s + x.points, 0);
  const t = table.thresholds;
  return points >= t.major ? 1 : points >= t.larger ? 2 : points >= t.general ? 3 : 4;
}

/** The hazard drawer of the page, once settled, holding `text`. */
async function drawer(page: Page, text: string): Promise<Locator> {
  const d = await settledDrawer(page, text);
  await d.getByTestId('hazard-drawer').waitFor();
  return d;
}

/** The open dialog whose form has `testId`. */
function dialog(page: Page, testId: string): Locator {
  return page.locator('.ant-modal-content').filter({ has: page.getByTestId(testId) });
}

/** Waits for a dialog to close after its OK button; if it stays, fails with what it says (a field's message). */
async function closes(f: Locator): Promise<void> {
  try {
    await f.waitFor({ state: 'hidden', timeout: 20_000 });
  } catch {
    const notices = await f.page().locator('.ant-message-notice, .ant-notification-notice').allInnerTexts();
    throw new Error(`the dialog stayed open: ${await f.innerText()} ${notices.join(' ')}`);
  }
}

async function status(d: Locator, label: string): Promise<void> {
  await d.getByTestId('hazard-tags').getByTestId('rectify-status').filter({ hasText: label }).waitFor();
}

describe('hidden danger from a service check to a passed rectification (issue 14)', () => {
  it('service records a major hazard → gov is told and sees it → ent rectifies → rejected → plan + resubmit → passed; risk and counts follow', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const desc = `储罐区可燃气体报警器失效${stamp}`;
    const png = pngFile();
    const today = chinaText(new Date()).slice(0, 10);
    const deadline = chinaText(new Date(Date.now() + 10 * 86_400_000)).slice(0, 10);

    // 0. What the regulator sees before: its counts and ent's risk.
    const gov = await openPage(browser);
    await login(gov.page, 'gov');
    const rules = await call<Rules>(gov.page, 'GET', '/api/risk/rules');
    const statsBefore = await call<Stats>(gov.page, 'GET', '/api/hazard/stats');
    const risks = await apiData<{ list: { enterpriseId: number }[] }>(
      gov.page,
      `/api/risk/list?keyword=${encodeURIComponent(ENT_NAME)}&pageNo=1&pageSize=5`,
    );
    const entId = risks.list[0]?.enterpriseId as number;
    expect(entId, 'ent has a risk level').toBeGreaterThan(0);
    // ent's open major hazards as the hazard list counts them (its stored risk may predate the demo data).
    const openMajor = async () =>
      (
        await apiData<{ total: number }>(
          gov.page,
          `/api/hazard/list?enterpriseId=${entId}&level=2&open=true&pageNo=1&pageSize=1`,
        )
      ).total;
    const majorBefore = await openMajor();

    // 1. The service organisation plans a hidden-danger check (03) at ent on one of its projects…
    const svc = await openPage(browser);
    await login(svc.page, 'service');
    const projects = await apiData<{ list: { id: number; state: number }[] }>(
      svc.page,
      `/api/prevention/project/list?keyword=${encodeURIComponent('恒安化工')}&pageNo=1&pageSize=20`,
    );
    let target: { projectId: number; orgId: number } | null = null;
    for (const p of projects.list.filter((x) => x.state !== 3)) {
      const d = await apiData<{
        serviceOrgId: number | null;
        items: { item: string }[];
        policies: { enterpriseId: number }[];
      }>(svc.page, `/api/prevention/project/detail?id=${p.id}`);
      if (
        d.serviceOrgId &&
        d.items.some((i) => i.item === '03') &&
        d.policies.some((x) => x.enterpriseId === entId)
      ) {
        target = { projectId: p.id, orgId: d.serviceOrgId };
        break;
      }
    }
    expect(
      target,
      'the service organisation has an open project with hidden-danger checks at ent',
    ).not.toBeNull();
    const start = new Date(Date.now() - 3 * 3600_000);
    const plan = await call<{ id: number }>(
      svc.page,
      'POST',
      '/api/prevention/plan/add',
      {
        projectId: target?.projectId,
        enterpriseId: entId,
        item: '03',
        name: `隐患排查E2E${stamp}`,
        providerOrgId: target?.orgId,
        plannedStart: `${chinaText(start)}:00`,
        plannedEnd: `${chinaText(new Date(start.getTime() + 2 * 3600_000))}:00`,
        experts: [{ name: '王建安', title: '注册安全工程师' }],
      },
      `hazard-e2e-${stamp}`,
    );

    // …and records the check with a major hazard, its deadline and a photo (the record form).
    await svc.page.goto(`${LANDING.service}?planId=${plan.id}`);
    const record = svc.page.getByTestId('record-form');
    await record.waitFor();
    await item(record, '服务情况说明').locator('textarea').fill('对储罐区开展隐患排查，发现重大隐患1处。');
    await item(record, '支出金额（元）').locator('input').fill('0');
    await record.getByRole('button', { name: /添加隐患/ }).click();
    const row = svc.page.getByTestId('hazard-row-1');
    await item(row, '检查日期').locator('input').fill(today);
    await item(row, '隐患描述').locator('textarea').fill(desc);
    await row.getByText('重大隐患', { exact: true }).click();
    await item(row, '整改建议').locator('textarea').fill('更换报警器并联锁切断');
    await item(row, '限期整改日期').locator('input').fill(deadline);
    await row.locator('input[type=file]').setInputFiles(png);
    await row.locator('.ant-image img').first().waitFor();
    await record.getByRole('button', { name: /提交记录/ }).click();
    await svc.page.getByTestId('record-state').filter({ hasText: '待企业确认' }).waitFor();

    // 2. The regulator is told at once (a to-do linking to the hazard) and finds it in 隐患处置.
    const todos = await apiData<{ list: { title: string; content: string; link: string }[] }>(
      gov.page,
      '/api/message/list?todo=open&pageNo=1&pageSize=50',
    );
    const report = todos.list.find((m) => m.content.includes(desc.slice(0, 20)));
    expect(report?.title).toBe(`重大隐患报告：${ENT_NAME}`);
    const hazardId = Number(new URL(report?.link as string, 'http://x').searchParams.get('id'));
    expect(hazardId).toBeGreaterThan(0);
    await gov.page.goto(report?.link as string);
    let d = await drawer(gov.page, desc);
    await status(d, '待整改');
    expect(await d.getByTestId('hazard-tags').innerText()).toContain('重大隐患');
    const reported = await d.getByTestId('hazard-timeline').innerText();
    expect(reported).toContain('重大隐患已报告属地监管部门');
    expect(reported).toContain(`限时整改日期 ${deadline}`);
    await gov.page.keyboard.press('Escape');
    await gov.page.goto(GOV_DISPOSE);
    const search = gov.page.locator('.ant-pro-query-filter');
    await item(search, '关键字').locator('input').fill(desc);
    await search.getByRole('button', { name: /查\s*询/ }).click();
    const govRow = gov.page.locator('tr.ant-table-row').filter({ hasText: desc });
    await govRow.waitFor();
    expect(await govRow.innerText()).toContain('重大隐患');
    expect(await govRow.innerText()).toContain('待整改');
    const statsOpen = await call<Stats>(gov.page, 'GET', '/api/hazard/stats');
    expect(statsOpen.major).toBe(statsBefore.major + 1);
    expect(statsOpen.open).toBe(statsBefore.open + 1);
    const riskOpen = await apiData<Risk>(gov.page, `/api/risk/detail?enterpriseId=${entId}`);
    expect(await openMajor()).toBe(majorBefore + 1);
    expect(riskOpen.openMajorHazards).toBe(majorBefore + 1);
    expect(riskOpen.factors.find((f) => f.factor === 'openMajorHazards')?.value).toBe(majorBefore + 1);
    expect(riskOpen.riskLevel).toBe(levelOf(riskOpen, rules));

    // 3. ent submits a rectification with a photo (no governance plan yet).
    const ent = await openPage(browser);
    await login(ent.page, 'ent');
    await ent.page.goto(`${ENT_HAZARDS}?id=${hazardId}`);
    d = await drawer(ent.page, desc);
    await status(d, '待整改');
    const rectify = async (what: string) => {
      await ent.page
        .getByRole('button', { name: /提交整改/ })
        .first()
        .click();
      const f = dialog(ent.page, 'rectify-form');
      await item(f, '整改部门').locator('input').fill('设备部');
      await item(f, '整改负责人').locator('input').fill('张工');
      await item(f, '整改情况说明').locator('textarea').fill(what);
      await f.locator('input[type=file]').setInputFiles(png);
      await f.locator('.ant-upload-list-item-done').first().waitFor();
      await f.getByRole('button', { name: /提交整改/ }).click();
      await closes(f);
    };
    await rectify('已停用失效报警器，新报警器已下单');
    await status(d, '待审核');

    // 4. The service organisation rejects it with a reason (the plan of the major hazard is missing).
    const reason = `未提交治理方案，报警器未联锁${stamp}`;
    await svc.page.goto(`${SERVICE_DISPOSE}?id=${hazardId}`);
    d = await drawer(svc.page, desc);
    await status(d, '待审核');
    await svc.page.getByRole('button', { name: '复查整改' }).click();
    let review = dialog(svc.page, 'review-form');
    await review.getByText('该重大隐患尚未提交治理方案，不能复查通过').waitFor();
    await item(review, '驳回原因').locator('textarea').fill(reason);
    await review.getByRole('button', { name: /驳回整改/ }).click();
    await closes(review);
    await status(d, '已驳回');

    // 5. ent sees the reason, writes the governance plan and resubmits.
    await ent.page.goto(`${ENT_HAZARDS}?id=${hazardId}`);
    d = await drawer(ent.page, desc);
    await d.getByText(reason).first().waitFor();
    await ent.page.getByRole('button', { name: '制定治理方案' }).click();
    const planForm = dialog(ent.page, 'governance-form');
    for (const part of [
      '治理的目标和任务',
      '采取的方法和措施',
      '经费和物资的落实',
      '负责治理的机构和人员',
      '治理的时限和要求',
      '安全措施',
      '应急预案',
    ])
      await item(planForm, part).locator('textarea').fill(`${part}：储罐区报警器更换与联锁改造`);
    await item(planForm, '治理负责人').locator('input').fill('李厂长');
    await planForm.getByRole('button', { name: /保存治理方案/ }).click();
    await closes(planForm);
    await d.getByTestId('governance-plan').waitFor();
    await rectify('已更换报警器并完成联锁测试，治理方案已提交');
    await status(d, '待审核');

    // 6. The service organisation passes it.
    await svc.page.goto(`${SERVICE_DISPOSE}?id=${hazardId}`);
    d = await drawer(svc.page, desc);
    await svc.page.getByRole('button', { name: '复查整改' }).click();
    review = dialog(svc.page, 'review-form');
    await item(review, '复查说明').locator('textarea').fill('现场复查，报警器工作正常');
    await review.getByRole('button', { name: /复查通过/ }).click();
    await closes(review);
    await status(d, '已完成');
    const timeline = await d.getByTestId('hazard-timeline').innerText();
    expect(timeline).toContain(reason);

    // 7. ent's risk and the regulator's counts follow: the major hazard is rectified.
    const statsAfter = await call<Stats>(gov.page, 'GET', '/api/hazard/stats');
    expect(statsAfter.major).toBe(statsBefore.major + 1);
    expect(statsAfter.majorRectified).toBe(statsBefore.majorRectified + 1);
    expect(statsAfter.open).toBe(statsBefore.open);
    const riskAfter = await apiData<Risk>(gov.page, `/api/risk/detail?enterpriseId=${entId}`);
    expect(await openMajor()).toBe(majorBefore);
    expect(riskAfter.openMajorHazards).toBe(majorBefore);
    expect(riskAfter.riskLevel).toBe(levelOf(riskAfter, rules));
    // One open major hazard fewer never raises the risk.
    expect(riskAfter.points).toBeLessThanOrEqual(riskOpen.points);
    expect(riskAfter.riskLevel).toBeGreaterThanOrEqual(riskOpen.riskLevel);
    await gov.page.goto(`${GOV_RISK_DETAIL}?enterpriseId=${entId}`);
    await gov.page.getByTestId('risk-title').filter({ hasText: ENT_NAME }).waitFor();
    expect(await gov.page.getByTestId('risk-card').getByTestId('risk-level').innerText()).toBe(
      riskAfter.riskLevelLabel,
    );
    if (riskAfter.riskLevel !== riskOpen.riskLevel)
      expect(await gov.page.getByTestId('risk-history').innerText()).toContain('隐患变化');
    await gov.page.goto(GOV_DISPOSE);
    await gov.page
      .getByTestId('stat-major')
      .filter({ hasText: `${statsAfter.majorRectified}/${statsAfter.major}` })
      .waitFor();

    for (const s of [gov, svc, ent]) {
      expect(s.errors).toEqual([]);
      await s.context.close();
    }
  }, 180_000);
});

describe('one 风险等级 (issue 14)', () => {
  it('the regulator sees ent’s level of the rule table alike on 风险详情, 企业详情 and 企业列表', async () => {
    const gov = await openPage(browser);
    await login(gov.page, 'gov');
    const risks = await apiData<{ list: { enterpriseId: number; riskLevelLabel: string }[] }>(
      gov.page,
      `/api/risk/list?keyword=${encodeURIComponent(ENT_NAME)}&pageNo=1&pageSize=5`,
    );
    const { enterpriseId: entId, riskLevelLabel: label } = risks.list[0]!;
    expect(['重大风险', '较大风险', '一般风险', '低风险']).toContain(label);
    await gov.page.goto(`${GOV_RISK_DETAIL}?enterpriseId=${entId}`);
    await gov.page.getByTestId('risk-title').filter({ hasText: ENT_NAME }).waitFor();
    expect(await gov.page.getByTestId('risk-card').getByTestId('risk-level').innerText()).toBe(label);
    await gov.page.goto(`${GOV_ENT_DETAIL}?id=${entId}`);
    await gov.page.getByText('基本信息').waitFor();
    expect(await gov.page.getByTestId('risk-level').innerText()).toBe(label);
    // The score keeps its own band, named 评分等级, in none of the four risk labels.
    const grade = await gov.page.getByTestId('score-card').getByTestId('score-grade').innerText();
    expect(['优', '良', '中', '差']).toContain(grade);
    await gov.page.goto(GOV_ENT_LIST);
    await gov.page.getByPlaceholder('企业名称或统一社会信用代码').fill(ENT_NAME);
    await gov.page.getByRole('button', { name: /查\s*询/ }).click();
    await gov.page.getByText(/总共 1 条/).waitFor();
    const row = gov.page.locator('tr.ant-table-row').filter({ hasText: ENT_NAME });
    expect(await row.getByTestId('risk-level').innerText()).toBe(label);
    expect(gov.errors).toEqual([]);
    await gov.context.close();
  });
});
