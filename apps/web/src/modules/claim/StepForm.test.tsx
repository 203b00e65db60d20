import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';

import { renderWithApp, routeResource } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { HandlingBar } from './ClaimEdit.tsx';
import { StepForm } from './StepForm.tsx';
import { claimFixture } from './test-fixtures.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  authStore.set({ ...authStore.get(), user: null });
});

const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
const submit = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('step forms', () => {
  // The submit is behind <Action permission="claim.edit">: a handler holding it.
  beforeEach(() => signInAs(insurerUser));

  it('survey: validates the surveyor and the phone, then sends the step with the claim version', async () => {
    fetchMock.mockResolvedValue(
      json(200, { error: 0, apiError: 0, result: '办理成功', data: { id: 41, version: 5 } }),
    );
    const onDone = vi.fn();
    renderWithApp(<StepForm claim={claimFixture()} step={5} onDone={onDone} onCancel={() => undefined} />);
    submit(/提交再次查勘/);
    expect(await screen.findByText('请输入查勘人员姓名')).toBeTruthy();
    expect(await screen.findByText('请输入联系电话')).toBeTruthy();
    fireEvent.change(input('查勘人员'), { target: { value: '周查勘' } });
    fireEvent.change(input('查勘人员电话'), { target: { value: '1380527' } });
    fireEvent.change(input('查勘描述'), { target: { value: '现场已隔离' } });
    submit(/提交再次查勘/);
    expect(await screen.findByText(/电话格式不正确/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(input('查勘人员电话'), { target: { value: '13805271111' } });
    submit(/提交再次查勘/);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('办理成功'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/claim/step');
    expect(sentBody()).toMatchObject({
      id: 41,
      version: 4,
      step: 5,
      surveyorName: '周查勘',
      surveyorPhone: '13805271111',
      description: '现场已隔离',
      attachments: [],
    });
    expect(typeof sentBody().at).toBe('string');
  });

  it('assessment: shows the running total and refuses one above the per-accident limit', async () => {
    renderWithApp(
      <StepForm
        claim={claimFixture({ injuries: 2 })}
        step={6}
        onDone={() => undefined}
        onCancel={() => undefined}
      />,
    );
    fireEvent.change(input('从业人员人身伤亡'), { target: { value: '900000' } });
    fireEvent.change(input('医疗救护费'), { target: { value: '200000' } });
    await waitFor(() => expect(screen.getByTestId('assess-total').textContent).toContain('1,100,000.00'));
    submit(/提交定损核损/);
    expect(
      await screen.findByText('定损总金额（1,100,000.00元）不能超过每次事故责任限额（1,000,000.00元）'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('assessment: casualties above the per-person limit × casualties and a negative line are named, not sent', async () => {
    renderWithApp(
      <StepForm
        claim={claimFixture({ injuries: 2 })}
        step={6}
        onDone={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByTestId('casualty-ceiling').textContent).toContain(
      '500,000.00 元 × 伤亡 2 人（死亡0人、受伤2人）= 1,000,000.00 元',
    );
    fireEvent.change(input('从业人员人身伤亡'), { target: { value: '1500000' } });
    const med = input('医疗救护费');
    fireEvent.change(med, { target: { value: '-100' } });
    fireEvent.blur(med);
    submit(/提交定损核损/);
    expect(
      await screen.findByText(
        '从业人员人身伤亡定损金额（1,500,000.00元）超过每人死亡伤残责任限额500,000.00元 × 伤亡2人（死亡0人、受伤2人）= 1,000,000.00元，请核减',
      ),
    ).toBeTruthy();
    // The typed -100 stays -100 (not turned into 0) and is refused by its category.
    expect(await screen.findByText('医疗救护费的定损金额须大于0；未涉及的类别请留空')).toBeTruthy();
    expect(med.value).toBe('-100');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a time typed and committed with Enter is kept and refused when before the previous step', async () => {
    const claim = claimFixture();
    renderWithApp(<StepForm claim={claim} step={5} onDone={() => undefined} onCancel={() => undefined} />);
    const at = input('查勘时间');
    const early = dayjs(claim.timeline[2]!.actedAt).subtract(1, 'day').format('YYYY-MM-DD HH:mm');
    fireEvent.mouseDown(at);
    fireEvent.focus(at);
    fireEvent.change(at, { target: { value: early } });
    const enter = fireEvent.keyDown(at, { key: 'Enter', code: 'Enter' });
    // Enter only commits the changed time: it does not submit the dialog.
    expect(enter).toBe(false);
    expect(await screen.findByText(/办理时间不能早于上一环节的时间/)).toBeTruthy();
    expect(at.value).toBe(early);
    fireEvent.change(input('查勘人员'), { target: { value: '周查勘' } });
    fireEvent.change(input('查勘人员电话'), { target: { value: '13805271111' } });
    fireEvent.change(input('查勘描述'), { target: { value: '现场已隔离' } });
    submit(/提交再次查勘/);
    await screen.findAllByText(/办理时间不能早于上一环节的时间/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a time typed incompletely is refused by name when leaving the field, not replaced', async () => {
    renderWithApp(
      <StepForm claim={claimFixture()} step={5} onDone={() => undefined} onCancel={() => undefined} />,
    );
    const at = input('查勘时间');
    fireEvent.focus(at);
    fireEvent.change(at, { target: { value: '2025-12-30 2' } });
    fireEvent.blur(at);
    submit(/提交再次查勘/);
    expect(await screen.findByText(/查勘时间“2025-12-30 2”不是完整的时间/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('advance: the amount may not exceed what is left under the ceiling', async () => {
    const claim = claimFixture({ assessedTotal: 26000, advanceTotal: 25000 });
    renderWithApp(<StepForm claim={claim} step={4} onDone={() => undefined} onCancel={() => undefined} />);
    fireEvent.change(input('付款金额'), { target: { value: '1000.01' } });
    submit(/提交预付/);
    expect(await screen.findByText('付款金额不能超过1,000.00元（累计不超过定损总金额）')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('payout: a bad ID number is named before anything is sent', async () => {
    const claim = claimFixture({
      phase: 'assessed',
      assessedTotal: 26000,
      losses: [{ category: '05', amount: 6000 }],
    });
    renderWithApp(<StepForm claim={claim} step={7} onDone={() => undefined} onCancel={() => undefined} />);
    // The assessed medical fee is proposed as a fee line.
    await waitFor(() => expect(screen.getByTestId('payout-total').textContent).toContain('6,000.00'));
    fireEvent.click(screen.getByRole('button', { name: /添加伤亡人员/ }));
    const row = await screen.findByTestId('payout-person');
    fireEvent.change(within(row).getByPlaceholderText('姓名'), { target: { value: '王受伤' } });
    fireEvent.change(within(row).getByPlaceholderText('证件号码'), {
      target: { value: '110105194912310021' },
    });
    fireEvent.change(within(row).getByPlaceholderText('金额'), { target: { value: '20000' } });
    submit(/提交赔付/);
    expect(await screen.findByText('身份证号码格式或校验位不正确，请核对18位号码')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('payout: every assessed item is proposed; paying less asks for confirmation naming the gap', async () => {
    fetchMock.mockResolvedValue(
      json(200, { error: 0, apiError: 0, result: '办理成功', data: { id: 41, version: 5 } }),
    );
    const onDone = vi.fn();
    const claim = claimFixture({
      phase: 'assessed',
      injuries: 2,
      assessedTotal: 85000,
      losses: [
        { category: '01', amount: 80000 },
        { category: '05', amount: 5000 },
      ],
      actions: { steps: [4, 6, 7, 8], closeTypes: [], satisfaction: false },
    });
    renderWithApp(<StepForm claim={claim} step={7} onDone={onDone} onCancel={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('payout-total').textContent).toContain('85,000.00'));
    const row = screen.getByTestId('payout-person');
    expect((within(row).getByPlaceholderText('金额') as HTMLInputElement).value).toBe('80000');
    // The walkthrough: the casualty line is left out, only the fee paid.
    fireEvent.click(within(row).getByRole('button', { name: '删除此人' }));
    await waitFor(() => expect(screen.getByTestId('payout-total').textContent).toContain('5,000.00'));
    expect(screen.getByTestId('payout-gap').textContent).toContain('从业人员人身伤亡 80,000.00 元');
    submit(/提交赔付/);
    const confirm = await screen.findByTestId('partial-payout-confirm');
    expect(confirm.textContent).toContain(
      '本次赔付后累计赔付5,000.00元，比定损总金额85,000.00元少80,000.00元',
    );
    expect(confirm.textContent).toContain('未赔付：从业人员人身伤亡 80,000.00 元');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '确认部分赔付' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sentBody()).toMatchObject({ step: 7, total: 5000, partial: true, persons: [] });
  });

  it('close of a claim paid in part: states the unpaid difference and needs the reason', async () => {
    fetchMock.mockResolvedValue(
      json(200, { error: 0, apiError: 0, result: '办理成功', data: { id: 41, version: 5 } }),
    );
    const onDone = vi.fn();
    const claim = claimFixture({
      phase: 'paid',
      assessedTotal: 85000,
      payoutTotal: 5000,
      actions: { steps: [7, 8], closeTypes: ['paid'], satisfaction: false },
    });
    renderWithApp(<StepForm claim={claim} step={8} onDone={onDone} onCancel={() => undefined} />);
    expect((await screen.findByTestId('close-shortfall')).textContent).toContain(
      '累计赔付5,000.00元，比定损总金额85,000.00元少80,000.00元未赔付',
    );
    submit(/提交结案/);
    expect(await screen.findByText('尚有定损金额未赔付，请在备注中说明未赔付差额的原因')).toBeTruthy();
    fireEvent.change(input('备注'), { target: { value: '经协商一致，其余部分由工伤保险支付' } });
    submit(/提交结案/);
    expect((await screen.findByTestId('close-confirm')).textContent).toContain(
      '少80,000.00元未赔付，结案后不能再赔付',
    );
    fireEvent.click(screen.getByRole('button', { name: /确定结案/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sentBody()).toMatchObject({
      step: 8,
      closeType: 'paid',
      note: '经协商一致，其余部分由工伤保险支付',
    });
  });

  it('close: offers only the close types the machine allows; a denial needs its reason', async () => {
    const { unmount } = renderWithApp(
      <StepForm
        claim={claimFixture({
          phase: 'paid',
          actions: { steps: [8], closeTypes: ['paid'], satisfaction: false },
        })}
        step={8}
        onDone={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(await screen.findByRole('radio', { name: '赔付结案' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '拒赔' })).toBeNull();
    expect(screen.queryByRole('radio', { name: '销案' })).toBeNull();
    unmount();

    renderWithApp(
      <StepForm claim={claimFixture()} step={8} onDone={() => undefined} onCancel={() => undefined} />,
    );
    expect(screen.queryByRole('radio', { name: '赔付结案' })).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: '拒赔' }));
    submit(/提交结案/);
    expect(await screen.findByText('拒赔须填写拒赔原因')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('register: shows the minimum level the casualties imply and refuses a lower one before sending', async () => {
    fetchMock.mockResolvedValue(
      json(200, { error: 0, apiError: 0, result: '办理成功', data: { id: 41, version: 5 } }),
    );
    const onDone = vi.fn();
    const claim = claimFixture({ phase: 'reported', deaths: 0, injuries: 12, accidentLevel: null });
    renderWithApp(<StepForm claim={claim} step={3} onDone={onDone} onCancel={() => undefined} />);
    expect(screen.getByTestId('min-accident-level').textContent).not.toContain('至少');
    fireEvent.change(input('重伤人数'), { target: { value: '10' } });
    await waitFor(() =>
      expect(screen.getByTestId('min-accident-level').textContent).toContain(
        '重伤10人及以上，事故等级至少为“较大事故”',
      ),
    );
    fireEvent.mouseDown(screen.getByLabelText('事故类型'));
    const types = await screen.findAllByText('高处坠落');
    fireEvent.click(types[types.length - 1]!);
    fireEvent.change(input('事故原因'), { target: { value: '临边防护缺失' } });
    fireEvent.change(input('估损金额'), { target: { value: '300000' } });
    submit(/提交立案/);
    expect(
      await screen.findByText(
        '重伤10人及以上应为较大及以上事故等级，所选“一般事故”过低，请改选“较大事故”或更高等级',
      ),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByLabelText('事故等级'));
    const levels = await screen.findAllByText('较大事故');
    fireEvent.click(levels[levels.length - 1]!);
    submit(/提交立案/);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('办理成功'));
    expect(sentBody()).toMatchObject({
      step: 3,
      accidentType: '09',
      accidentLevel: 3,
      seriousInjuries: 10,
      estimatedLoss: 300000,
    });
  });

  it('a stale version (someone else handled the claim) asks the screen to reload it', async () => {
    fetchMock.mockResolvedValue(
      json(409, {
        error: 409,
        apiError: 409,
        result: '数据已被他人修改，请刷新后重试',
        code: 'STALE_VERSION',
      }),
    );
    const onStale = vi.fn();
    const onDone = vi.fn();
    renderWithApp(
      <StepForm
        claim={claimFixture()}
        step={5}
        onDone={onDone}
        onCancel={() => undefined}
        onStale={onStale}
      />,
    );
    fireEvent.change(input('查勘人员'), { target: { value: '周查勘' } });
    fireEvent.change(input('查勘人员电话'), { target: { value: '13805271111' } });
    fireEvent.change(input('查勘描述'), { target: { value: '现场已隔离' } });
    submit(/提交再次查勘/);
    await waitFor(() => expect(onStale).toHaveBeenCalled());
    expect(onDone).not.toHaveBeenCalled();
  });

  it('withdraw asks for confirmation before sending', async () => {
    fetchMock.mockResolvedValue(
      json(200, { error: 0, apiError: 0, result: '办理成功', data: { id: 41, version: 5 } }),
    );
    const onDone = vi.fn();
    renderWithApp(<StepForm claim={claimFixture()} step={2} onDone={onDone} onCancel={() => undefined} />);
    fireEvent.change(input('撤案原因'), { target: { value: '误报，无人员受伤' } });
    submit(/提交撤案/);
    const ok = await screen.findByRole('button', { name: /确定撤案/ });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(ok);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sentBody()).toMatchObject({ step: 2, reason: '误报，无人员受伤', version: 4 });
  });

  it('a user without claim.edit gets no submit button', () => {
    signInAs(insurer(['query', 'get']));
    renderWithApp(
      <StepForm claim={claimFixture()} step={5} onDone={() => undefined} onCancel={() => undefined} />,
    );
    expect(screen.queryByRole('button', { name: /提交再次查勘/ })).toBeNull();
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeTruthy();
  });
});

/** The insurer's claim handler holding the claim `actions`. */
function insurer(actions: string[]) {
  return testUser({
    uid: 5,
    username: 'insurer',
    nickname: '理赔员',
    isOrg: true,
    orgId: 9,
    orgName: '人保财险宿迁分公司',
    roleKey: 'ROLE_INSURANCE',
    roleName: '保险机构',
    permissions: { claim: actions },
  });
}
const insurerUser = insurer(['query', 'get', 'edit']);

const editResource = routeResource(['edit'], 'claim');

function renderOnEditRoute(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element: ui, handle: { resource: editResource } }]);
  render(
    <ConfigProvider locale={zhCN}>
      <AntdApp>
        <RouterProvider router={router} />
      </AntdApp>
    </ConfigProvider>,
  );
}

const buttonTexts = () =>
  within(screen.getByTestId('claim-handling'))
    .queryAllByRole('button')
    .map((b) => (b.textContent ?? '').replace(/\s+/g, ''));

describe('handling bar (ClaimEdit)', () => {
  it('offers exactly the steps the state machine allows', () => {
    signInAs(insurerUser);
    renderOnEditRoute(<HandlingBar claim={claimFixture()} onPick={() => undefined} />);
    expect(buttonTexts()).toEqual(['再次查勘', '定损核损', '结案', '预付/垫付/快付', '撤案']);
  });

  it('after payout only the close is offered', () => {
    signInAs(insurerUser);
    const claim = claimFixture({
      phase: 'paid',
      actions: { steps: [8], closeTypes: ['paid'], satisfaction: false },
    });
    const onPick = vi.fn();
    renderOnEditRoute(<HandlingBar claim={claim} onPick={onPick} />);
    expect(buttonTexts()).toEqual(['结案']);
    fireEvent.click(screen.getByRole('button', { name: /结\s*案/ }));
    expect(onPick).toHaveBeenCalledWith(8);
  });

  it('a claim paid in part offers a further payout and the close, saying what is unpaid', () => {
    signInAs(insurerUser);
    const claim = claimFixture({
      phase: 'paid',
      assessedTotal: 85000,
      payoutTotal: 5000,
      actions: { steps: [7, 8], closeTypes: ['paid'], satisfaction: false },
    });
    renderOnEditRoute(<HandlingBar claim={claim} onPick={() => undefined} />);
    expect(buttonTexts()).toEqual(['继续赔付', '结案']);
    expect(screen.getByText(/尚有80,000.00元定损金额未赔付，可继续赔付/)).toBeTruthy();
  });

  it('a user without claim.edit sees no handling button', () => {
    signInAs(insurer(['query', 'get']));
    renderOnEditRoute(<HandlingBar claim={claimFixture()} onPick={() => undefined} />);
    expect(buttonTexts()).toEqual([]);
  });

  it('a closed claim says so', () => {
    signInAs(insurerUser);
    const claim = claimFixture({
      phase: 'closed',
      actions: { steps: [], closeTypes: [], satisfaction: false },
    });
    renderOnEditRoute(<HandlingBar claim={claim} onPick={() => undefined} />);
    expect(screen.getByText('案件已结案，没有可办理的环节')).toBeTruthy();
  });
});
