import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMessage, launchBrowser, login, openPage, waitForPath } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const TITLE = `工伤保险赔付后安责险还能赔吗-${stamp}`;
const QUESTION = '员工在作业中受伤，已经由工伤保险赔付医疗费，安全生产责任保险是否还能就同一事故赔付？';
const ANSWER = '可以。安责险与工伤保险相互独立，工伤保险赔付后，仍可按保险合同约定向承保机构申请安责险赔付。';

/** Narrows a consultation list to the row of TITLE (keyword search) and returns that row. */
async function findRow(page: Page, tab?: string) {
  // Enter submits the search form (the 查询 button's accessible name changes while the table loads).
  const keyword = page.getByPlaceholder('标题、问题或答复内容');
  await keyword.fill(TITLE);
  const searched = page.waitForResponse((r) => r.url().includes('/getConsultList') && r.ok());
  await keyword.press('Enter');
  await searched;
  if (tab) await page.getByTestId('consult-table').getByText(tab, { exact: true }).first().click();
  const row = page.locator('[data-testid="consult-table"] tr.ant-table-row').filter({ hasText: TITLE });
  await row.first().waitFor({ timeout: 15_000 });
  return row.first();
}

describe('consultations (issue 4): ask, answer, read, publish as Q&A', () => {
  let consultId = '';

  it('an enterprise asks a question through the form', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, 'ent');
    await page.goto('/ent/consult/EntConsultQuery/route');
    await page.getByRole('button', { name: /发起咨询/ }).click();
    await waitForPath(page, '/ent/consult/EntConsultAdd/route');
    // Empty submit: the form says what is missing, nothing is sent.
    await page.getByRole('button', { name: '提交咨询' }).click();
    await page.getByText('请选择咨询分类').waitFor();
    await page.locator('label.ant-radio-button-wrapper').filter({ hasText: '理赔咨询' }).click();
    expect(await page.getByRole('radio', { name: '理赔咨询' }).isChecked()).toBe(true);
    await page.getByLabel('咨询标题').fill(TITLE);
    await page.getByLabel('问题描述').fill(QUESTION);
    await page.getByRole('button', { name: '提交咨询' }).click();
    await expectMessage(page, '咨询已提交');
    await waitForPath(page, '/ent/consult/EntConsultDetail/route');
    consultId = new URL(page.url()).searchParams.get('id') ?? '';
    expect(consultId).toMatch(/^\d+$/);
    await page.getByText(TITLE).first().waitFor();
    await page.getByText(/等待答复中/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the service organisation answers it; the enterprise sees the answer and the notice', async () => {
    expect(consultId).not.toBe('');
    const service = await openPage(browser);
    await login(service.page, 'service');
    await service.page.goto('/service/center/ServiceConsultQuery/route');
    const row = await findRow(service.page);
    await row.getByText('待回复').waitFor();
    await row.getByText('答复', { exact: true }).click();
    await waitForPath(service.page, '/service/center/ServiceConsultDetail/route');
    await service.page.getByTestId('consult-question').getByText(QUESTION).waitFor();
    await service.page.getByRole('button', { name: '提交答复' }).click();
    await service.page.getByText('请输入答复内容').waitFor();
    await service.page.getByLabel('答复内容').fill(ANSWER);
    await service.page.getByRole('button', { name: '提交答复' }).click();
    await expectMessage(service.page, '答复成功');
    await service.page.getByTestId('consult-answer').getByText(ANSWER).waitFor();
    expect(service.errors).toEqual([]);
    await service.context.close();

    const ent = await openPage(browser);
    await login(ent.page, 'ent');
    await ent.page.goto('/ent/consult/EntConsultQuery/route');
    // The in-app message of the answer shows as a notice above the list and marks the row.
    const notice = ent.page.getByTestId('consult-unread');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`您的咨询已答复：${TITLE}`);
    const entRow = await findRow(ent.page);
    await entRow.getByText('已回复').waitFor();
    await entRow.getByText('新答复').waitFor();
    // Opening the answer marks its message read: back on the list the row is no longer marked.
    const marked = ent.page.waitForResponse((r) => r.url().includes('/api/message/read'));
    await entRow.getByText(TITLE).click();
    await waitForPath(ent.page, '/ent/consult/EntConsultDetail/route');
    await ent.page.getByTestId('consult-answer').getByText(ANSWER).waitFor();
    expect((await marked).ok()).toBe(true);
    await ent.page.goto('/ent/consult/EntConsultQuery/route');
    const again = await findRow(ent.page);
    await again.getByText('已回复').waitFor();
    expect(await again.getByText('新答复').count()).toBe(0);
    expect(ent.errors).toEqual([]);
    await ent.context.close();
  });

  it('the admin publishes it as a Q&A and a visitor reads it at /QA/detail', async () => {
    expect(consultId).not.toBe('');
    const admin = await openPage(browser);
    await login(admin.page, 'admin');
    await admin.page.goto('/admin/content/AdminConsult/route');
    const row = await findRow(admin.page);
    await row.getByText('公开为问答').click();
    await admin.page.getByRole('button', { name: /^公\s*开$/ }).click();
    await expectMessage(admin.page, '已公开为问答');
    await row.getByText('已公开为问答').waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const visitor = await openPage(browser);
    await visitor.page.goto(`/QA/detail?id=${consultId}`);
    await visitor.page.getByRole('heading', { name: TITLE }).waitFor();
    expect(await visitor.page.getByTestId('qa-question').textContent()).toContain(QUESTION);
    expect(await visitor.page.getByTestId('qa-answer').textContent()).toContain(ANSWER);
    // No asker identity on the public page.
    expect(await visitor.page.getByTestId('qa-detail').textContent()).not.toContain('恒安化工');
    // An unknown id degrades to an explanation with ways back.
    await visitor.page.goto('/QA/detail?id=99999999');
    await visitor.page.getByText('问答不存在或未公开').waitFor();
    await visitor.page.getByRole('button', { name: '进入帮助中心' }).waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });

  it('the expert panel reads the service organisation’s answer but is offered no 修改答复 (issue 11)', async () => {
    expect(consultId).not.toBe('');
    const expert = await openPage(browser);
    await login(expert.page, 'expert');
    await expert.page.goto(`/expert/center/ExpertConsultDetail/route?id=${consultId}`);
    await expert.page.getByTestId('consult-answer').getByText(ANSWER).waitFor();
    await expert.page.getByText('只有答复机构可以修改答复').waitFor();
    expect(await expert.page.getByRole('button', { name: /修改答复/ }).count()).toBe(0);
    expect(await expert.page.getByRole('button', { name: /关闭咨询/ }).count()).toBe(0);
    // Forcing the call anyway changes nothing: 404 like a missing consultation.
    const status = await expert.page.evaluate(async (id) => {
      const raw = localStorage.getItem('aqzrx__Access-Token');
      const token = raw ? (JSON.parse(raw) as { value: string }).value : '';
      const res = await fetch('/api/consult/answer', {
        method: 'POST',
        headers: { 'X-TOKEN': token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: Number(id), version: 99, answer: '专家覆盖的答复' }),
      });
      return res.status;
    }, consultId);
    expect(status).toBe(404);
    expect(expert.errors).toEqual([]);
    await expert.context.close();
    const visitor = await openPage(browser);
    await visitor.page.goto(`/QA/detail?id=${consultId}`);
    expect(await visitor.page.getByTestId('qa-answer').textContent()).toContain(ANSWER);
    await visitor.context.close();
  });
});
