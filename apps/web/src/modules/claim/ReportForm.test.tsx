import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { ReportForm } from './ReportForm.tsx';

const json = (data: unknown) =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** A policy as /api/policy/list answers it (the fields the report form reads). */
const policyRow = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  policyNo: `PICC2025321302${String(id).padStart(6, '0')}`,
  holderName: '宿迁市恒安化工有限公司',
  enterpriseId: 3,
  districtCode: '321302',
  insurerName: '人保财险宿迁分公司',
  state: 'valid',
  stateLabel: '保障中',
  status: 'approved',
  startDate: dayjs().subtract(100, 'day').format('YYYY-MM-DD'),
  endDate: dayjs().add(200, 'day').format('YYYY-MM-DD'),
  headcount: 40,
  perPersonLimit: 500000,
  ...over,
});

/** Valid policies the list answers, and the details /api/policy/detail answers by id. */
let validPolicies: unknown[] = [];
let details: Record<number, unknown> = {};
/** Bodies sent to /api/claim/add (报案). */
let sent: Array<Record<string, unknown>> = [];
/** When set, a report without confirmDuplicate answers 409 DUPLICATE_CLAIM naming this claim. */
let duplicateOf: { id: number; reportNo: string } | null = null;

beforeEach(() => {
  sent = [];
  duplicateOf = null;
  validPolicies = [];
  details = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/claim/rules')
        return json({ reportDeadlineHours: 720, claimUnpaidFlagDays: 60 });
      if (url.pathname === '/api/claim/add') {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        sent.push(body);
        if (duplicateOf && !body.confirmDuplicate)
          return new Response(
            JSON.stringify({
              error: 409,
              apiError: 409,
              code: 'DUPLICATE_CLAIM',
              result: `该保单已有同一出险时间的未结案件（报案号 ${duplicateOf.reportNo}），请勿重复报案；如确为另一起事故，请确认后再提交`,
              data: { duplicateOf },
            }),
            { status: 409, headers: { 'Content-Type': 'application/json' } },
          );
        return json({ id: 77 });
      }
      if (url.pathname === '/api/policy/detail')
        return json(details[Number(url.searchParams.get('id'))] ?? null);
      const list = url.searchParams.get('state') === 'valid' ? validPolicies : [];
      return json({ page: { list, total: list.length, pageNum: 1 } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.set({ ...authStore.get(), user: null });
});

function signInEnterprise(): void {
  signInAs(
    testUser({
      uid: 7,
      username: 'ent',
      nickname: '恒安化工安全员',
      orgId: 3,
      orgName: '宿迁市恒安化工有限公司',
      roleKey: 'ROLE_ENT',
      roleName: '企业',
      permissions: { claim: ['query', 'get', 'add'] },
    }),
  );
}

function signIn(actions: string[]): void {
  signInAs(
    testUser({
      uid: 5,
      username: 'insurer',
      nickname: '理赔员',
      orgId: 9,
      orgName: '人保财险宿迁分公司',
      roleKey: 'ROLE_INSURANCE',
      roleName: '保险机构',
      permissions: { claim: actions },
    }),
  );
}

describe('ReportForm', () => {
  it('offers 提交报案 to a user holding claim.add', async () => {
    signIn(['query', 'get', 'add']);
    renderWithApp(<ReportForm who="insurer" />);
    expect(await screen.findByRole('button', { name: /提交报案/ })).toBeTruthy();
  });

  it('a user without claim.add gets no submit button', async () => {
    signIn(['query', 'get']);
    renderWithApp(<ReportForm who="insurer" />);
    expect(await screen.findByRole('button', { name: /返\s*回/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提交报案/ })).toBeNull();
  });

  it('报案 from a policy page (?policyId=) preselects that policy and its district', async () => {
    signInEnterprise();
    validPolicies = [policyRow(1), policyRow(2)];
    renderWithApp(<ReportForm who="enterprise" />, { path: '/?policyId=2' });
    expect(await screen.findByText(/承保机构：人保财险宿迁分公司；承保人数 40 人/)).toBeTruthy();
    expect(screen.getAllByText(/PICC2025321302000002/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/PICC2025321302000001/)).toBeNull();
    expect(screen.getAllByText('宿迁市宿城区').length).toBeGreaterThan(0);
  });

  it('a policy in the address that cannot take a report is said so, not selected', async () => {
    signInEnterprise();
    validPolicies = [policyRow(1)];
    details = { 9: policyRow(9, { status: 'draft', state: 'draft' }) };
    renderWithApp(<ReportForm who="enterprise" />, { path: '/?policyId=9' });
    expect(await screen.findByTestId('preset-policy-missing')).toBeTruthy();
    expect(screen.queryByText(/承保机构：/)).toBeNull();
  });

  it('a future accident time typed and committed is refused as in the future, not dropped', async () => {
    signInEnterprise();
    validPolicies = [policyRow(1)];
    renderWithApp(<ReportForm who="enterprise" />);
    const at = (await screen.findByLabelText('出险时间')) as HTMLInputElement;
    const future = dayjs().add(2, 'day').format('YYYY-MM-DD HH:mm');
    fireEvent.mouseDown(at);
    fireEvent.focus(at);
    fireEvent.change(at, { target: { value: future } });
    fireEvent.keyDown(at, { key: 'Enter', code: 'Enter' });
    expect(await screen.findByText('出险时间不能晚于当前时间')).toBeTruthy();
    await waitFor(() => expect(at.value).toBe(future));
    fireEvent.click(screen.getByRole('button', { name: /提交报案/ }));
    expect(await screen.findAllByText('出险时间不能晚于当前时间')).toBeTruthy();
    expect(screen.queryByText('请选择出险时间')).toBeNull();
  });
});

/** Fills the report form of policy 1 (preset from the address) with an accident at `at` (typed text). */
async function fillReport(at: string) {
  expect(await screen.findByText(/承保机构：人保财险宿迁分公司/)).toBeTruthy();
  const field = screen.getByLabelText('出险时间') as HTMLInputElement;
  fireEvent.mouseDown(field);
  fireEvent.focus(field);
  fireEvent.change(field, { target: { value: at } });
  fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(field);
  await waitFor(() => expect(field.value).toBe(at));
  fireEvent.change(screen.getByLabelText('报案人电话'), { target: { value: '13905271234' } });
  fireEvent.change(screen.getByLabelText('详细地点'), { target: { value: '宿城区发展大道88号' } });
  fireEvent.change(screen.getByLabelText('出险经过'), {
    target: { value: '行车作业时吊物坠落，一名员工腿部受伤。' },
  });
}

/** Two days ago as a China date, YYYY-MM-DD. */
const twoDaysAgo = () => new Date(Date.now() + 8 * 3600_000 - 2 * 86_400_000).toISOString().slice(0, 10);

describe('ReportForm: the same accident reported again', () => {
  it('names the open claim it repeats and reports only when confirmed', async () => {
    signInEnterprise();
    validPolicies = [policyRow(1)];
    duplicateOf = { id: 41, reportNo: 'BA2026031500000041' };
    renderWithApp(<ReportForm who="enterprise" />, { path: '/?policyId=1' });
    await fillReport(`${twoDaysAgo()} 09:30`);
    fireEvent.click(screen.getByRole('button', { name: /提交报案/ }));
    const dialog = await screen.findByTestId('duplicate-claim-confirm');
    expect(dialog.textContent).toContain('报案号 BA2026031500000041');
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('confirmDuplicate');
    // The refusal is the dialog, not an error notice.
    expect(screen.queryByText('请求失败')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确认是另一起事故，继续报案' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ ...sent[0], confirmDuplicate: true });
  });

  it('cancelling sends nothing more', async () => {
    signInEnterprise();
    validPolicies = [policyRow(1)];
    duplicateOf = { id: 41, reportNo: 'BA2026031500000041' };
    renderWithApp(<ReportForm who="enterprise" />, { path: '/?policyId=1' });
    await fillReport(`${twoDaysAgo()} 10:15`);
    fireEvent.click(screen.getByRole('button', { name: /提交报案/ }));
    await screen.findByTestId('duplicate-claim-confirm');
    fireEvent.click(screen.getByRole('button', { name: '不报了' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(sent).toHaveLength(1);
  });
});

describe('ReportForm in a browser whose zone is not China (UTC)', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('an accident time typed as 09:30 is China time: sent as 01:30Z', async () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(0);
    signInEnterprise();
    validPolicies = [policyRow(1)];
    renderWithApp(<ReportForm who="enterprise" />, { path: '/?policyId=1' });
    // Two days ago (China date), 09:30 as the person reads it on a Chinese clock.
    const day = twoDaysAgo();
    await fillReport(`${day} 09:30`);
    fireEvent.click(screen.getByRole('button', { name: /提交报案/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.accidentAt).toBe(new Date(`${day}T01:30:00Z`).toISOString());
  });
});
