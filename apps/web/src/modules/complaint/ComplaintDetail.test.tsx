import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { GovComplaintDetail, InsuranceComplaintDetail } from './HandlerScreens.tsx';
import { EntComplaintDetail } from './MyComplaints.tsx';
import { answered, complaintDetail } from './test-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const dialog = () => document.querySelector('.ant-modal') as HTMLElement;
const submitDialog = () => fireEvent.click(within(dialog()).getByRole('button', { name: /提\s*交/ }));
const errors = () => [...dialog().querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const posted = (calls: { path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.body);

describe('EntComplaintDetail (投诉详情, complainant)', () => {
  const asEnt = () =>
    signInAs(
      testUser({ roleKey: 'ROLE_ENT', orgId: 11, permissions: { complaint: ['add', 'query', 'get'] } }),
    );

  it('shows the complaint, the reply (facts, basis, measures), the extension reason and the timeline', async () => {
    asEnt();
    fakeApi({
      'POST /api/complaint/detail': () =>
        complaintDetail({
          ...answered(),
          extended: true,
          extension: {
            days: 15,
            reason: '需调取银行转账记录',
            state: 'approved',
            requestedAt: '2026-11-22T02:00:00.000Z',
            decidedAt: '2026-11-22T08:00:00.000Z',
            opinion: '同意',
            previousDeadline: '2026-12-04',
          },
        }),
    });
    renderWithApp(<EntComplaintDetail />, { path: '/x?id=41', actions: ['query', 'get'] });
    const facts = await screen.findByTestId('complaint-facts');
    expect(within(facts).getByText('宿迁市恒安化工有限公司')).toBeTruthy();
    expect(within(facts).getByText('91321300MA1XXXXX0A')).toBeTruthy();
    expect(within(facts).getByText('理赔案件：LP2026000009')).toBeTruthy();
    expect(within(facts).getByText('报案回执.pdf')).toBeTruthy();
    // 投诉时间 in China time (02:00Z → 10:00).
    expect(within(facts).getByText('2026-11-20 10:00')).toBeTruthy();
    const reply = screen.getByTestId('complaint-reply');
    expect(within(reply).getByText('经核实，赔款因账户信息有误退回。')).toBeTruthy();
    expect(within(reply).getByText('《保险法》第二十三条')).toBeTruthy();
    expect(within(reply).getByText('已更正账户并于11月25日重新支付。')).toBeTruthy();
    const ext = screen.getByTestId('complaint-extension');
    expect(ext.textContent).toContain('延期 15 日');
    expect(ext.textContent).toContain('延期理由：需调取银行转账记录');
    expect(ext.textContent).toContain('原答复期限：2026-12-04');
    const steps = screen.getAllByTestId('timeline-step').map((s) => s.textContent);
    expect(steps[0]).toContain('提交投诉');
    expect(steps[1]).toContain('受理');
    expect(steps[1]).toContain('人保财险宿迁分公司 · 李理赔');
    // No handling buttons for a complainant the server offers nothing to.
    expect(screen.queryByTestId('complaint-actions')).toBeNull();
  });

  it('not satisfied: the choice and the reason are required, then the confirmation is sent', async () => {
    asEnt();
    const calls = fakeApi({
      'POST /api/complaint/detail': () => complaintDetail(answered(), { confirm: true }),
      'POST /api/complaint/confirm': () => ({ id: 41, version: 4 }),
    });
    renderWithApp(<EntComplaintDetail />, { path: '/x?id=41', actions: ['query', 'get'] });
    expect(await screen.findByText(/办理单位已答复，请确认是否满意/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确认办理结果' }));
    await screen.findByText('对办理结果是否满意');
    fireEvent.click(within(dialog()).getByLabelText('不满意'));
    submitDialog();
    await waitFor(() =>
      expect(errors()).toEqual(['不满意时请选择要求重新办理或提请监管部门处理', '不满意时请说明理由']),
    );
    expect(posted(calls, '/api/complaint/confirm')).toHaveLength(0);
    fireEvent.click(within(dialog()).getByLabelText('提请监管部门处理'));
    fireEvent.change(within(dialog()).getByLabelText('不满意的理由'), {
      target: { value: ' 赔款金额仍不对 ' },
    });
    submitDialog();
    await waitFor(() => expect(posted(calls, '/api/complaint/confirm')).toHaveLength(1));
    expect(posted(calls, '/api/complaint/confirm')[0]).toEqual({
      id: 41,
      version: 2,
      satisfied: false,
      choice: 'escalate',
      score: null,
      opinion: '赔款金额仍不对',
    });
  });

  it('an unknown or foreign complaint shows 投诉不存在 with the way back', async () => {
    asEnt();
    fakeApi({
      'POST /api/complaint/detail': () =>
        new Response(JSON.stringify({ error: 404, apiError: 404, result: '投诉不存在' }), { status: 404 }),
    });
    renderWithApp(<EntComplaintDetail />, { path: '/x?id=999', actions: ['query', 'get'] });
    expect(await screen.findByText('该投诉不存在或您无权查看。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回我的投诉' })).toBeTruthy();
  });
});

describe('InsuranceComplaintDetail (handling by the insurer)', () => {
  const asInsurer = () =>
    signInAs(
      testUser({
        roleKey: 'ROLE_INSURANCE',
        orgId: 3,
        permissions: { complaint: ['add', 'query', 'get', 'edit'] },
      }),
    );

  it('accepts a submitted complaint', async () => {
    asInsurer();
    const calls = fakeApi({
      'POST /api/complaint/detail': () =>
        complaintDetail(
          { state: 1, stateLabel: '已提交', deadline: null, acceptedAt: null },
          { accept: true },
        ),
      'POST /api/complaint/accept': () => ({ id: 41, version: 3 }),
    });
    renderWithApp(<InsuranceComplaintDetail />, { path: '/x?id=41&from=handle' });
    fireEvent.click(await screen.findByRole('button', { name: /^受\s*理$/ }));
    await screen.findByLabelText('受理意见（选填）');
    fireEvent.change(within(dialog()).getByLabelText('受理意见（选填）'), {
      target: { value: '已转理赔部核实' },
    });
    submitDialog();
    await waitFor(() =>
      expect(posted(calls, '/api/complaint/accept')).toEqual([
        { id: 41, version: 2, note: '已转理赔部核实' },
      ]),
    );
    expect(screen.getByRole('button', { name: '返回投诉处理' })).toBeTruthy();
  });

  it('replies with the facts, basis and measures (AQ 9010); each is required', async () => {
    asInsurer();
    const calls = fakeApi({
      'POST /api/complaint/detail': () =>
        complaintDetail({}, { reply: true, verify: true, extend: true, note: true }),
      'POST /api/complaint/reply': () => ({ id: 41, version: 3 }),
    });
    renderWithApp(<InsuranceComplaintDetail />, { path: '/x?id=41&from=handle' });
    const actions = await screen.findByTestId('complaint-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['答复', '需核实', '办理记录', '申请延期']);
    fireEvent.click(within(actions).getByRole('button', { name: /^答\s*复$/ }));
    await screen.findByLabelText('调查核实的事实');
    submitDialog();
    await waitFor(() =>
      expect(errors()).toEqual([
        '请填写调查核实的事实（至少5个字）',
        '请填写处理依据（至少2个字）',
        '请填写处理措施（至少2个字）',
      ]),
    );
    fireEvent.change(within(dialog()).getByLabelText('调查核实的事实'), {
      target: { value: '赔款因账户信息有误退回' },
    });
    fireEvent.change(within(dialog()).getByLabelText('处理依据'), { target: { value: '保险合同第十条' } });
    fireEvent.change(within(dialog()).getByLabelText('处理措施'), { target: { value: '重新支付赔款' } });
    submitDialog();
    await waitFor(() => expect(posted(calls, '/api/complaint/reply')).toHaveLength(1));
    expect(posted(calls, '/api/complaint/reply')[0]).toEqual({
      id: 41,
      version: 2,
      facts: '赔款因账户信息有误退回',
      basis: '保险合同第十条',
      measures: '重新支付赔款',
      attachments: [],
    });
  });

  it('an extension over 30 days is refused before sending', async () => {
    asInsurer();
    const calls = fakeApi({
      'POST /api/complaint/detail': () => complaintDetail({}, { extend: true }),
      'POST /api/complaint/extend': () => ({ id: 41, version: 3 }),
    });
    renderWithApp(<InsuranceComplaintDetail />, { path: '/x?id=41' });
    fireEvent.click(await screen.findByRole('button', { name: '申请延期' }));
    await screen.findByLabelText('延期天数');
    fireEvent.change(within(dialog()).getByLabelText('延期天数'), { target: { value: '31' } });
    fireEvent.change(within(dialog()).getByLabelText('延期理由'), {
      target: { value: '需要调取银行流水核实' },
    });
    submitDialog();
    await waitFor(() => expect(errors()).toEqual(['延期天数不能超过30天']));
    fireEvent.change(within(dialog()).getByLabelText('延期天数'), { target: { value: '20' } });
    submitDialog();
    await waitFor(() =>
      expect(posted(calls, '/api/complaint/extend')).toEqual([
        { id: 41, version: 2, days: 20, reason: '需要调取银行流水核实' },
      ]),
    );
    // Opened from a message (no from=handle): the insurer handles it, so back leads to 投诉处理.
    expect(screen.getByRole('button', { name: '返回投诉处理' })).toBeTruthy();
  });

  it('a complaint the insurer filed against another unit leads back to 我的投诉', async () => {
    asInsurer();
    fakeApi({
      'POST /api/complaint/detail': () =>
        complaintDetail({
          handlerOrgId: 9,
          handlerName: '平安财险宿迁中心支公司',
          complainantRole: 'ROLE_INSURANCE',
        }),
    });
    const { router } = renderWithApp(<InsuranceComplaintDetail />, { path: '/x?id=41' });
    fireEvent.click(await screen.findByRole('button', { name: '返回我的投诉' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/insurance/org/InsuranceComplaint/route'),
    );
  });

  it('a role without complaint.edit is offered no handling button', async () => {
    signInAs(testUser({ roleKey: 'ROLE_INSURANCE', orgId: 3, permissions: { complaint: ['query', 'get'] } }));
    fakeApi({ 'POST /api/complaint/detail': () => complaintDetail({}, { reply: true }) });
    renderWithApp(<InsuranceComplaintDetail />, { path: '/x?id=41' });
    await screen.findByTestId('complaint-facts');
    expect(screen.queryByRole('button', { name: /^答\s*复$/ })).toBeNull();
  });
});

describe('GovComplaintDetail (the regulator)', () => {
  const asGov = () =>
    signInAs(
      testUser({
        roleKey: 'ROLE_GOVERNMENT',
        permissions: { complaint: ['query', 'get', 'edit', 'export'] },
      }),
    );
  const escalated = () =>
    complaintDetail(
      {
        ...answered(),
        state: 6,
        stateLabel: '已转监管',
        satisfied: false,
        confirmation: {
          satisfied: false,
          score: 2,
          opinion: '赔款金额仍不对',
          at: '2026-11-26T01:00:00.000Z',
        },
        timeline: [
          ...complaintDetail().timeline,
          {
            step: 'note',
            stepLabel: '办理记录',
            at: '2026-11-21T01:00:00.000Z',
            actorName: '李理赔',
            actorUnit: '人保财险宿迁分公司',
            text: '内部：与财务核对',
            internal: true,
          },
          {
            step: 'escalate',
            stepLabel: '不满意，提请监管部门处理',
            at: '2026-11-26T01:00:00.000Z',
            actorName: '王安全',
            actorUnit: '宿迁市恒安化工有限公司',
            text: '赔款金额仍不对',
            internal: false,
          },
        ],
      },
      { takeOver: true, reassign: true, rehandle: true, close: true },
    );

  it('sees the escalation, the not-satisfied confirmation and the internal notes marked', async () => {
    asGov();
    fakeApi({ 'POST /api/complaint/detail': escalated });
    renderWithApp(<GovComplaintDetail />, { path: '/x?id=41' });
    expect((await screen.findAllByTestId('complaint-state'))[0]!.textContent).toBe('已转监管');
    const facts = screen.getByTestId('complaint-facts');
    expect(within(facts).getByText('不满意')).toBeTruthy();
    expect(within(facts).getByText('评分：不满意')).toBeTruthy();
    const timeline = screen.getByTestId('complaint-timeline');
    expect(within(timeline).getByText('内部记录')).toBeTruthy();
    expect(within(timeline).getByText('不满意，提请监管部门处理')).toBeTruthy();
    const actions = screen.getByTestId('complaint-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['接办', '转办', '责令重新办理', '办结']);
  });

  it('takes it over with a reason, and reassigns to the operations centre', async () => {
    asGov();
    const calls = fakeApi({
      'POST /api/complaint/detail': escalated,
      'POST /api/complaint/takeOver': () => ({ id: 41, version: 3 }),
      'POST /api/complaint/reassign': () => ({ id: 41, version: 3 }),
      'POST /api/insurer/options': () => [{ id: 3, name: '人保财险宿迁分公司' }],
    });
    renderWithApp(<GovComplaintDetail />, { path: '/x?id=41' });
    fireEvent.click(await screen.findByRole('button', { name: /^接\s*办$/ }));
    await screen.findByLabelText('理由');
    submitDialog();
    await waitFor(() => expect(errors()).toEqual(['请填写理由（至少2个字）']));
    fireEvent.change(within(dialog()).getByLabelText('理由'), {
      target: { value: '企业两次不满意，由局里直接办理' },
    });
    submitDialog();
    await waitFor(() =>
      expect(posted(calls, '/api/complaint/takeOver')).toEqual([
        { id: 41, version: 2, reason: '企业两次不满意，由局里直接办理' },
      ]),
    );
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /^转\s*办$/ }));
    await screen.findByLabelText('转办理由');
    fireEvent.click(within(dialog()).getByLabelText('平台运营中心'));
    expect(within(dialog()).queryByLabelText('保险机构', { selector: 'input[role="combobox"]' })).toBeNull();
    fireEvent.change(within(dialog()).getByLabelText('转办理由'), { target: { value: '属于平台问题' } });
    submitDialog();
    await waitFor(() =>
      expect(posted(calls, '/api/complaint/reassign')).toEqual([
        { id: 41, version: 2, handlerKind: 'admin', handlerOrgId: null, reason: '属于平台问题' },
      ]),
    );
  });

  it('closes it with the handling result', async () => {
    asGov();
    const calls = fakeApi({
      'POST /api/complaint/detail': escalated,
      'POST /api/complaint/close': () => ({ id: 41, version: 3 }),
    });
    renderWithApp(<GovComplaintDetail />, { path: '/x?id=41' });
    fireEvent.click(await screen.findByRole('button', { name: /^办\s*结$/ }));
    await screen.findByLabelText('办理结果');
    fireEvent.change(within(dialog()).getByLabelText('办理结果'), {
      target: { value: '责令补足赔款，已到账' },
    });
    submitDialog();
    await waitFor(() =>
      expect(posted(calls, '/api/complaint/close')).toEqual([
        { id: 41, version: 2, result: '责令补足赔款，已到账' },
      ]),
    );
  });
});
