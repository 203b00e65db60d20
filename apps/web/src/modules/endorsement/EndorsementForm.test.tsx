import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import type { PolicyDetail } from '../policy/index.ts';
import { withUser } from '../policy/test-user.ts';
import { EndorsementForm } from './EndorsementForm.tsx';

const SLOW = { timeout: 8000 };

const policy: PolicyDetail = {
  id: 9,
  applicationNo: 'TB2026030100000001',
  policyNo: 'PSQ001',
  enterpriseId: 3,
  holderName: '宿迁市恒安化工有限公司',
  holderUscc: '91321302MA1XK2P3QX',
  districtCode: '321302',
  districtName: '宿城区',
  wsIndustryCode: 'AQ0201',
  wsIndustryName: '危险化学品',
  insurerId: 1,
  insurerName: '中国人民财产保险股份有限公司宿迁市分公司',
  status: 'approved',
  state: 'active',
  stateLabel: '保障中',
  enteredBy: 'enterprise',
  isRenewal: false,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  headcount: 10,
  perPersonLimit: 400000,
  sumInsured: 4_000_000,
  sumInsuredWan: 400,
  premium: 36500,
  preventionFee: 5475,
  version: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  enterpriseEmployees: 10,
  underCovered: false,
  overCovered: false,
  address: '宿城区洪泽湖路18号',
  gbIndustryCode: 'C2614',
  signDate: '2025-12-20',
  medicalLimit: 40000,
  perAccidentLimit: 4_000_000,
  aggregateLimit: 4_000_000,
  benchmarkRate: 1,
  floatPct: 0,
  finalRate: 1,
  premiumCalc: 4000,
  preventionFeePct: 15,
  preventionFrequency: 4,
  serviceItems: ['01'],
  serviceItemOther: '',
  attachments: [],
  attachmentFiles: [],
  remark: '',
  submittedAt: null,
  reviewedAt: null,
  reviewRemark: '',
  cancelledOn: null,
  cancelReason: '',
  coinsurers: [],
  factors: [],
  endorsementCount: 0,
  claimCount: 0,
  personCount: 0,
  revision: 1,
  openEndorsement: null,
  missing: [],
  actions: { edit: false, submit: false, review: false, endorse: true, reportClaim: true },
};

const ok = (data: unknown, result = 'ok') =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** Full ID numbers of persons on the policy's list (the stub answers like the server's blind-index lookup). */
const ON_POLICY = new Set(['321302198506123018']);

function stubApi(detail: PolicyDetail = policy, open: unknown[] = []) {
  const sent: Array<{ path: string; body: unknown; key: string | null; query: string }> = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    sent.push({ path: url.pathname, body, key: headers['Idempotency-Key'] ?? null, query: url.search });
    switch (url.pathname) {
      case '/api/policy/rules':
        return ok({
          minPerPersonLimit: 400000,
          preventionFeeCapPct: 21,
          expiringDays: 30,
          today: '2026-07-01',
          nextStartDate: null,
        });
      case '/api/policy/list':
        return ok({ page: { list: [policy], total: 1, pageNum: 1 } });
      case '/api/enterprise/mine':
        return ok({ id: 3, name: policy.holderName, employees: 10, operatingStatus: 1 });
      case '/api/policy/detail':
        return ok(detail);
      case '/api/policy/persons': {
        const k = url.searchParams.get('keyword') ?? '';
        const hit = ON_POLICY.has(k);
        return ok({
          page: {
            list: hit ? [{ id: 1, name: '张在册', idNo: `${k.slice(0, 6)}********${k.slice(-4)}` }] : [],
            total: hit ? 1 : 0,
            pageNum: 1,
          },
        });
      }
      case '/api/endorsement/add':
        return ok({ id: 77 }, '批改申请已提交');
      case '/api/endorsement/list': {
        const status = url.searchParams.get('status');
        const list = open.filter((e) => (e as { status: string }).status === status);
        return ok({ page: { list, total: list.length, pageNum: 1 } });
      }
      default:
        return new Response('{}', { status: 404 });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

withUser({ policy: ['query', 'get'], endorsement: ['add', 'query', 'get'] });

describe('EndorsementForm (批改申请, 加人)', () => {
  it('checks roster ID numbers, counts the new headcount and sends the roster with a prorated premium', async () => {
    const sent = stubApi();
    renderWithApp(<EndorsementForm />, { path: '/ent/Entazx/EntEndorsementAdd/route?policyId=9' });
    const name = await screen.findByLabelText('新增人员名单姓名1', undefined, SLOW);
    fireEvent.change(name, { target: { value: '周新员' } });
    fireEvent.change(screen.getByLabelText('新增人员名单身份证号码1'), {
      target: { value: '110105194912310021' },
    });
    fireEvent.change(screen.getByLabelText('批改原因'), { target: { value: '新招员工一名' } });
    await waitFor(() => expect(screen.getByTestId('headcount-after').textContent).toBe('11 人'), SLOW);
    fireEvent.click(screen.getByRole('button', { name: '提交批改申请' }));
    expect(
      (await screen.findAllByText('身份证号码格式或校验位不正确，请核对18位号码', undefined, SLOW)).length,
    ).toBeGreaterThan(0);
    expect(sent.some((s) => s.path === '/api/endorsement/add')).toBe(false);

    fireEvent.change(screen.getByLabelText('新增人员名单身份证号码1'), {
      target: { value: '11010519491231002x' },
    });
    // Effective 2026-07-01 to 2026-12-31: 184 of 365 days of one person's 3,650 yuan.
    fireEvent.click(await screen.findByText('按日折算：1,840.00 元，点击填入', undefined, SLOW));
    fireEvent.click(screen.getByRole('button', { name: '提交批改申请' }));
    await waitFor(() => expect(sent.some((s) => s.path === '/api/endorsement/add')).toBe(true), SLOW);
    const add = sent.find((s) => s.path === '/api/endorsement/add')!;
    expect(add.key).toMatch(/.{16,}/);
    expect(add.body).toEqual({
      policyId: 9,
      policyVersion: 2,
      type: '01',
      reason: '新招员工一名',
      effectiveDate: '2026-07-01',
      change: {
        headcount: 11,
        roster: [{ direction: 'in', name: '周新员', idType: '01', idNo: '11010519491231002X', position: '' }],
      },
      premiumDelta: 1840,
      attachments: [],
    });
  });
});

async function pickType(label: string) {
  const box = await screen.findByLabelText('批改类型', undefined, SLOW);
  fireEvent.mouseDown(box);
  const options = await screen.findAllByText(label, undefined, SLOW);
  fireEvent.click(options[options.length - 1]!);
}

describe('EndorsementForm (减人/换人 rosters)', () => {
  const registered = { ...policy, personCount: 2 };

  it('减人: a person not on the policy is refused before sending; one on it goes out with the new headcount', async () => {
    const sent = stubApi(registered);
    renderWithApp(<EndorsementForm />, { path: '/ent/Entazx/EntEndorsementAdd/route?policyId=9' });
    await screen.findByLabelText('新增人员名单姓名1', undefined, SLOW);
    await pickType('减人');
    fireEvent.change(await screen.findByLabelText('减少人员名单姓名1', undefined, SLOW), {
      target: { value: '郑不在' },
    });
    fireEvent.change(screen.getByLabelText('减少人员名单身份证号码1'), {
      target: { value: '321322199003150030' },
    });
    fireEvent.change(screen.getByLabelText('批改原因'), { target: { value: '员工离职' } });
    fireEvent.change(screen.getByLabelText('保费变化（元，加收为正、退还为负）'), {
      target: { value: '-100' },
    });
    fireEvent.click(screen.getByRole('button', { name: '提交批改申请' }));
    await screen.findByText('该人员不在本保单的参保人员名单中，不能减少', undefined, SLOW);
    expect(sent.some((s) => s.path === '/api/endorsement/add')).toBe(false);
    // The lookup sends the full number to the server only (it answers masked rows).
    expect(
      sent.some((s) => s.path === '/api/policy/persons' && s.query.includes('keyword=321322199003150030')),
    ).toBe(true);

    fireEvent.change(screen.getByLabelText('减少人员名单姓名1'), { target: { value: '张在册' } });
    fireEvent.change(screen.getByLabelText('减少人员名单身份证号码1'), {
      target: { value: '321302198506123018' },
    });
    await waitFor(() => expect(screen.getByTestId('headcount-after').textContent).toBe('9 人'), SLOW);
    await waitFor(
      () => expect(screen.queryByText('该人员不在本保单的参保人员名单中，不能减少')).toBeNull(),
      SLOW,
    );
    fireEvent.click(screen.getByRole('button', { name: '提交批改申请' }));
    await waitFor(() => expect(sent.some((s) => s.path === '/api/endorsement/add')).toBe(true), SLOW);
    const add = sent.find((s) => s.path === '/api/endorsement/add')!;
    expect(add.body).toMatchObject({
      type: '02',
      premiumDelta: -100,
      change: {
        headcount: 9,
        roster: [
          { direction: 'out', name: '张在册', idType: '01', idNo: '321302198506123018', position: '' },
        ],
      },
    });
  });

  it('换人: repeats are refused; a passport number needs no GB 11643 check; out and in go as one roster', async () => {
    const sent = stubApi(registered);
    renderWithApp(<EndorsementForm />, { path: '/ent/Entazx/EntEndorsementAdd/route?policyId=9' });
    await screen.findByLabelText('新增人员名单姓名1', undefined, SLOW);
    await pickType('换人');
    fireEvent.change(await screen.findByLabelText('换出人员名单姓名1', undefined, SLOW), {
      target: { value: '张在册' },
    });
    fireEvent.change(screen.getByLabelText('换出人员名单身份证号码1'), {
      target: { value: '321302198506123018' },
    });
    fireEvent.change(screen.getByLabelText('换入人员名单姓名1'), { target: { value: '李重复' } });
    fireEvent.change(screen.getByLabelText('换入人员名单身份证号码1'), {
      target: { value: '321302198506123018' },
    });
    fireEvent.change(screen.getByLabelText('批改原因'), { target: { value: '岗位调整' } });
    fireEvent.click(screen.getByRole('button', { name: '提交批改申请' }));
    expect(
      (await screen.findAllByText('证件号码重复，同一人只能填写一次', undefined, SLOW)).length,
    ).toBeGreaterThan(0);
    expect(sent.some((s) => s.path === '/api/endorsement/add')).toBe(false);

    // A passport (护照): any 4-30 characters.
    fireEvent.mouseDown(
      screen.getAllByRole('combobox').find((c) => c.getAttribute('aria-label') === '换入人员名单证件类型1')!,
    );
    const opts = await screen.findAllByText('护照', undefined, SLOW);
    fireEvent.click(opts[opts.length - 1]!);
    fireEvent.change(screen.getByLabelText('换入人员名单姓名1'), { target: { value: 'John Lee' } });
    fireEvent.change(screen.getByLabelText('换入人员名单身份证号码1'), { target: { value: 'e12345678' } });
    fireEvent.change(screen.getByLabelText('换入人员名单岗位1'), { target: { value: '电工' } });
    await waitFor(
      () => expect(screen.queryAllByText('证件号码重复，同一人只能填写一次')).toHaveLength(0),
      SLOW,
    );
    fireEvent.click(screen.getByRole('button', { name: '提交批改申请' }));
    await waitFor(() => expect(sent.some((s) => s.path === '/api/endorsement/add')).toBe(true), SLOW);
    expect(sent.find((s) => s.path === '/api/endorsement/add')!.body).toMatchObject({
      type: '03',
      premiumDelta: 0,
      change: {
        roster: [
          { direction: 'out', name: '张在册', idType: '01', idNo: '321302198506123018', position: '' },
          { direction: 'in', name: 'John Lee', idType: '03', idNo: 'E12345678', position: '电工' },
        ],
      },
    });
  });

  it('warns that 减人 needs registered persons when the policy has none', async () => {
    stubApi(policy);
    renderWithApp(<EndorsementForm />, { path: '/ent/Entazx/EntEndorsementAdd/route?policyId=9' });
    await screen.findByLabelText('新增人员名单姓名1', undefined, SLOW);
    await pickType('减人');
    await screen.findByText('本保单尚未登记参保人员名单', undefined, SLOW);
  });
});

describe('EndorsementForm (a policy with an open endorsement, period change, 退保)', () => {
  const pendingNo = 'PG2026070100000055';
  const open = {
    id: 55,
    endorsementNo: pendingNo,
    policyId: 9,
    policyNo: 'PSQ001',
    status: 'applied',
    effectiveDate: '2026-07-01',
  };

  it('names the pending endorsement at once, with a link, marks the policy and keeps submit disabled', async () => {
    const sent = stubApi({ ...policy, openEndorsement: { ...open, status: 'applied' } }, [open]);
    const { router } = renderWithApp(<EndorsementForm />, {
      path: '/ent/Entazx/EntEndorsementAdd/route?policyId=9',
    });
    const alert = await screen.findByTestId('pending-endorsement', undefined, SLOW);
    expect(alert.textContent).toContain(
      `该保单有待审核的批改申请（${pendingNo}），请等待审核或撤回该申请后再申请`,
    );
    // The number links to the endorsement's detail.
    const link = [...alert.querySelectorAll('a')].find((a) => a.textContent === pendingNo);
    expect(link).toBeTruthy();
    expect(sent.some((s) => s.path === '/api/endorsement/add')).toBe(false);
    expect((screen.getByRole('button', { name: '提交批改申请' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(
      () => expect(screen.getByTestId('policy-option-open-9').textContent).toContain(pendingNo),
      SLOW,
    );
    expect(screen.getByTestId('policy-option-open-9').textContent).toContain('有待审核的批改');
    fireEvent.click(link!);
    await waitFor(() => expect(router.state.location.search).toBe('?id=55'), SLOW);
    expect(router.state.location.pathname).toBe('/ent/Entazx/EntEndorsementDetail/route');
  });

  it('期间变更: a later start of a policy in force is refused before sending, with the server rule', async () => {
    const sent = stubApi();
    renderWithApp(<EndorsementForm />, { path: '/ent/Entazx/EntEndorsementAdd/route?policyId=9' });
    await screen.findByLabelText('新增人员名单姓名1', undefined, SLOW);
    await pickType('期间变更');
    const start = await screen.findByLabelText('变更后保险起期', undefined, SLOW);
    fireEvent.mouseDown(start);
    fireEvent.change(start, { target: { value: '2027-06-01' } });
    fireEvent.keyDown(start, { key: 'Enter', code: 'Enter' });
    fireEvent.blur(start);
    expect(
      (await screen.findAllByText(/保单已于 2026-01-01 起保，保险起期不能推后到 2027-06-01/, undefined, SLOW))
        .length,
    ).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('批改原因'), { target: { value: '调整保险期间' } });
    fireEvent.click(screen.getByRole('button', { name: '提交批改申请' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(sent.some((s) => s.path === '/api/endorsement/add')).toBe(false);
  });

  it('退保 while operating: sends the applicant to the district regulator, not to 企业信息', async () => {
    stubApi();
    renderWithApp(<EndorsementForm />, { path: '/ent/Entazx/EntEndorsementAdd/route?policyId=9' });
    await screen.findByLabelText('新增人员名单姓名1', undefined, SLOW);
    await pickType('退保/注销');
    expect(
      (await screen.findAllByText(/请联系属地监管部门核实并变更经营状态后再申请/, undefined, SLOW)).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText(/请先在企业信息中更新/)).toBeNull();
  });
});
