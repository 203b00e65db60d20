import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import type { PolicyDetail } from './api.ts';
import { ENT_INCOMPLETE_FOR_INSURER, PolicyForm } from './PolicyForm.tsx';
import type { PolicyRules } from './rules.ts';
import { withUser } from './test-user.ts';

/** The machine is shared: give antd's async validation time. */
const SLOW = { timeout: 8000 };

const rules: PolicyRules = {
  minPerPersonLimit: 400000,
  preventionFeeCapPct: 21,
  expiringDays: 30,
  today: '2026-03-01',
  nextStartDate: '2026-04-10',
};
const insurers = [
  { id: 1, name: '中国人民财产保险股份有限公司宿迁市分公司' },
  { id: 2, name: '中国平安财产保险股份有限公司宿迁中心支公司' },
];

/** A draft saved with the insurer, the period and the headcount only (the server stores 0 for the rest). */
const draftDetail = {
  id: 7,
  applicationNo: 'TB2026030100000007',
  policyNo: null,
  enterpriseId: 3,
  holderName: '宿迁市恒安化工有限公司',
  holderUscc: '91321302MA1XK2P3QX',
  insurerId: 1,
  insurerName: insurers[0]!.name,
  status: 'draft',
  state: 'draft',
  stateLabel: '草稿',
  enteredBy: 'enterprise',
  isRenewal: false,
  startDate: '2026-04-10',
  endDate: '2027-04-09',
  signDate: null,
  headcount: 86,
  perPersonLimit: 400000,
  medicalLimit: 0,
  benchmarkRate: 0,
  premium: 0,
  preventionFeePct: 0,
  preventionFrequency: 4,
  serviceItems: [],
  serviceItemOther: '',
  factors: [],
  coinsurers: [{ insurerId: 1, insurerName: insurers[0]!.name, role: '03', share: 100 }],
  attachments: [],
  attachmentFiles: [],
  remark: '',
  reviewRemark: '',
  version: 1,
  missing: ['benchmarkRate', 'premium', 'preventionFeePct', 'serviceItems'],
} as unknown as PolicyDetail;

function setup(onSave = vi.fn(async () => {})) {
  renderWithApp(
    <PolicyForm
      side="enterprise"
      rules={rules}
      insurers={insurers}
      enterprise={{ name: '宿迁市恒安化工有限公司', employees: 86 }}
      onSave={onSave}
    />,
  );
  return onSave;
}

const type = (label: string | RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: /提交审核/ }));

async function pickInsurer(name: string) {
  fireEvent.mouseDown(screen.getByLabelText('出单保险机构（主承）'));
  const options = await screen.findAllByText(name, undefined, SLOW);
  fireEvent.click(options[options.length - 1]!);
}

withUser({ policy: ['add', 'edit', 'query', 'get'] });

describe('PolicyForm (投保申请)', () => {
  it('starts the day after the current policy, one year long, with the headcount of all employees', () => {
    setup();
    expect((screen.getByLabelText('保险起期') as HTMLInputElement).value).toBe('2026-04-10');
    expect((screen.getByLabelText('保险止期') as HTMLInputElement).value).toBe('2027-04-09');
    expect((screen.getByLabelText('参保人数（人）') as HTMLInputElement).value).toBe('86');
    expect(screen.getByText('企业从业人员总数 86 人，须全员投保')).toBeTruthy();
  });

  it('computes the per-accident limit from per-person limit × headcount as they change', async () => {
    setup();
    // 400,000 × 86 at first.
    expect(screen.getByTestId('per-accident').textContent).toBe('34,400,000.00 元（3,440 万元）');
    type('每人死亡伤残责任限额（元）', '500000');
    await waitFor(
      () => expect(screen.getByTestId('per-accident').textContent).toBe('43,000,000.00 元（4,300 万元）'),
      SLOW,
    );
    type('参保人数（人）', '10');
    await waitFor(
      () => expect(screen.getByTestId('per-accident').textContent).toBe('5,000,000.00 元（500 万元）'),
      SLOW,
    );
    // And refuses a headcount other than the employee count (full cover).
    submit();
    expect(
      await screen.findByText('须全员投保：参保人数（10）应等于企业从业人员总数（86）', undefined, SLOW),
    ).toBeTruthy();
  });

  it('shows the floor message for a per-person limit below the configured floor and does not send', async () => {
    const onSave = setup();
    type('每人死亡伤残责任限额（元）', '300000');
    submit();
    expect(await screen.findByText('每人死亡伤残责任限额不得低于400000元', undefined, SLOW)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a prevention fee ratio above the configured cap', async () => {
    setup();
    type('事故预防服务费用比例（%）', '25');
    submit();
    expect(
      await screen.findByText('事故预防服务费用比例不得高于实收保费的21%', undefined, SLOW),
    ).toBeTruthy();
  });

  it('co-insurance shares must sum to 100%: shows the total and refuses 90%', async () => {
    const onSave = setup();
    await pickInsurer(insurers[0]!.name);
    fireEvent.click(screen.getByRole('switch'));
    // Default split 70/30 sums to 100%.
    await waitFor(
      () => expect(screen.getByTestId('share-total').textContent).toBe('承保比例合计 100%'),
      SLOW,
    );
    type('承保比例1', '60');
    await waitFor(() => expect(screen.getByTestId('share-total').textContent).toBe('承保比例合计 90%'), SLOW);
    submit();
    expect(
      (await screen.findAllByText(/共保比例合计须为100%，当前为90%/, undefined, SLOW)).length,
    ).toBeGreaterThan(0);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('the enterprise applies with what it knows: no rate or premium asked, the rate tables linked', async () => {
    const onSave = setup();
    // The insurer's pricing is not asked of the enterprise.
    expect(screen.queryByLabelText('行业基准费率（‰）')).toBeNull();
    expect(screen.queryByLabelText('实收保费（元）')).toBeNull();
    expect(screen.queryByText('添加浮动因子')).toBeNull();
    const pricing = screen.getByTestId('pricing-by-insurer');
    expect(pricing.textContent).toContain('由保险机构出单时核定');
    const links = Array.from(pricing.querySelectorAll('a')).map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['各保险机构公布的保险条款与费率', '/ent/Entazx/EntInsuranceManage/route?tab=docs'],
      ['法规库', '/portal/policy'],
    ]);
    await pickInsurer(insurers[0]!.name);
    type('事故预防服务费用比例（%）', '15');
    fireEvent.click(screen.getByLabelText('01 安全生产宣传教育培训'));
    fireEvent.click(screen.getByLabelText('03 生产安全事故隐患排查'));
    submit();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), SLOW);
    const [body, submitFlag] = onSave.mock.calls[0] as unknown as [Record<string, unknown>, boolean];
    expect(submitFlag).toBe(true);
    expect(body).toMatchObject({
      insurerId: 1,
      isRenewal: true,
      startDate: '2026-04-10',
      endDate: '2027-04-09',
      headcount: 86,
      perPersonLimit: 400000,
      medicalLimit: 0,
      coinsurers: [],
      preventionFeePct: 15,
      preventionFrequency: 4,
      serviceItems: ['01', '03'],
    });
    for (const k of ['enterpriseId', 'benchmarkRate', 'premium', 'factors'])
      expect(body).not.toHaveProperty(k);
  });
});

describe('PolicyForm: numbers are never changed behind the person’s back', () => {
  it('keeps out-of-range numbers as typed and refuses each naming its range', async () => {
    const onSave = vi.fn(async () => {});
    renderWithApp(
      <PolicyForm
        side="insurer"
        rules={{ ...rules, nextStartDate: null }}
        insurers={insurers}
        ownInsurerId={1}
        initial={{ ...draftDetail, enteredBy: 'insurer', missing: [] } as PolicyDetail}
        onSave={onSave}
      />,
    );
    const typed: Array<[string, string, string]> = [
      ['参保人数（人）', '-5', '参保人数须为1至999,999,999之间的整数'],
      ['每人医疗费用限额（元）', '-100', '每人医疗费用限额须为0至999,999,999,999.99之间的数，最多两位小数'],
      ['行业基准费率（‰）', '1.23456', '行业基准费率（‰）须为大于0且不大于100的数，最多四位小数'],
      ['实收保费（元）', '-1', '实收保费须为大于0且不大于999,999,999,999.99的数，最多两位小数'],
      ['事故预防服务费用比例（%）', '-3', '事故预防服务费用比例（%）须为0至100之间的数，最多两位小数'],
      ['服务频次（次/保险期间）', '400', '服务频次须为1至365之间的整数'],
    ];
    for (const [label, value] of typed) type(label, value);
    for (const [, , message] of typed) expect(await screen.findByText(message, undefined, SLOW)).toBeTruthy();
    for (const [label, value] of typed)
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe(value);
    submit();
    await new Promise((r) => setTimeout(r, 500));
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('PolicyForm: 保存草稿 needs only what identifies the draft', () => {
  it('asks only for the insurer and the period, and leaves out what is not filled in', async () => {
    const onSave = setup();
    const draft = () => fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    draft();
    expect(await screen.findByText('请选择出单保险机构', undefined, SLOW)).toBeTruthy();
    // Nothing else is asked for: no message of the fields a submission needs.
    expect(screen.queryByText('请输入事故预防服务费用比例')).toBeNull();
    expect(screen.queryByText('请至少选择一项事故预防服务项目')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
    await pickInsurer(insurers[0]!.name);
    draft();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), SLOW);
    const [body, submitFlag] = onSave.mock.calls[0] as unknown as [Record<string, unknown>, boolean];
    expect(submitFlag).toBe(false);
    expect(body).toMatchObject({
      insurerId: 1,
      startDate: '2026-04-10',
      endDate: '2027-04-09',
      headcount: 86,
      serviceItems: [],
    });
    for (const k of ['premium', 'benchmarkRate', 'preventionFeePct']) expect(body).not.toHaveProperty(k);
    // Submitting still asks for everything the application holds.
    submit();
    expect(await screen.findByText('请输入事故预防服务费用比例', undefined, SLOW)).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('opens a saved draft with the values it lacks empty, not 0', () => {
    renderWithApp(
      <PolicyForm
        side="enterprise"
        rules={rules}
        insurers={insurers}
        enterprise={{ name: '宿迁市恒安化工有限公司', employees: 86 }}
        initial={draftDetail}
        onSave={vi.fn(async () => {})}
      />,
    );
    expect((screen.getByLabelText('参保人数（人）') as HTMLInputElement).value).toBe('86');
    expect((screen.getByLabelText('事故预防服务费用比例（%）') as HTMLInputElement).value).toBe('');
  });

  it('an insurer opens its own draft with the price it lacks empty, not 0', () => {
    renderWithApp(
      <PolicyForm
        side="insurer"
        rules={{ ...rules, nextStartDate: null }}
        insurers={insurers}
        ownInsurerId={1}
        initial={{ ...draftDetail, enteredBy: 'insurer' } as PolicyDetail}
        onSave={vi.fn(async () => {})}
      />,
    );
    expect((screen.getByLabelText('实收保费（元）') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('行业基准费率（‰）') as HTMLInputElement).value).toBe('');
  });

  it('keeps a gap between 提交审核 and 保存草稿', () => {
    setup();
    const actions = screen.getByTestId('policy-form-actions');
    expect(actions.className).toMatch(/ant-flex/);
    expect(actions.style.gap).toBe('12px');
    expect(actions.textContent).toContain('提交审核');
    expect(actions.textContent).toContain('保存草稿');
  });
});

describe("PolicyForm: the chosen insurer's terms and rates", () => {
  it('shows the published documents of the insurer the enterprise picks, and none before', async () => {
    const insurerDocs = vi.fn((id: number) => <div data-testid="docs-of">{`docs of ${id}`}</div>);
    renderWithApp(
      <PolicyForm
        side="enterprise"
        rules={rules}
        insurers={insurers}
        enterprise={{ name: '宿迁市恒安化工有限公司', employees: 86 }}
        onSave={vi.fn(async () => {})}
        insurerDocs={insurerDocs}
      />,
    );
    expect(screen.queryByTestId('docs-of')).toBeNull();
    await pickInsurer(insurers[1]!.name);
    await waitFor(() => expect(screen.getByTestId('docs-of').textContent).toBe('docs of 2'), SLOW);
  });
});

describe('PolicyForm (保险机构新增保单)', () => {
  it('finds the enterprise by name, takes its employee count and sends enterpriseId with the own lead', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: 0,
              apiError: 0,
              result: 'ok',
              data: [
                {
                  id: 42,
                  name: '沭阳县安达运输有限公司',
                  uscc: '91321322MA1XXXXXXX',
                  districtCode: '321322',
                  wsIndustryCode: 'AQ0401',
                  employees: 37,
                  infoComplete: true,
                },
              ],
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    const onSave = vi.fn(async () => {});
    renderWithApp(
      <PolicyForm
        side="insurer"
        rules={{ ...rules, nextStartDate: null }}
        insurers={insurers}
        ownInsurerId={1}
        onSave={onSave}
      />,
    );
    const picker = screen.getByLabelText('投保企业');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '安达' } });
    fireEvent.click(await screen.findByText('沭阳县安达运输有限公司（91321322MA1XXXXXXX）', undefined, SLOW));
    await waitFor(
      () => expect((screen.getByLabelText('参保人数（人）') as HTMLInputElement).value).toBe('37'),
      SLOW,
    );
    expect(screen.getByText('从业人员 37 人')).toBeTruthy();
    // The lead is the insurer itself: co-insurance starts with it as 01.
    fireEvent.click(screen.getByRole('switch'));
    type('承保比例1', '60');
    type('承保比例2', '40');
    fireEvent.mouseDown(screen.getAllByRole('combobox').find((c) => c.id === 'coinsurers_1_insurerId')!);
    const options = await screen.findAllByText(insurers[1]!.name, undefined, SLOW);
    fireEvent.click(options[options.length - 1]!);
    type('行业基准费率（‰）', '1');
    type('实收保费（元）', '14800');
    type('事故预防服务费用比例（%）', '10');
    fireEvent.click(screen.getByLabelText('05 生产安全事故应急预案编制和演练'));
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), SLOW);
    const [body, submitFlag] = onSave.mock.calls[0] as unknown as [Record<string, unknown>, boolean];
    expect(submitFlag).toBe(false);
    expect(body).toMatchObject({
      enterpriseId: 42,
      headcount: 37,
      coinsurers: [
        { insurerId: 1, role: '01', share: 60 },
        { insurerId: 2, role: '02', share: 40 },
      ],
      serviceItems: ['05'],
    });
    expect(body).not.toHaveProperty('insurerId');
    vi.unstubAllGlobals();
  });
});

describe('PolicyForm (保险机构录入：企业信息未完善)', () => {
  it('refuses an enterprise that has not completed its information, with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: 0,
              apiError: 0,
              result: 'ok',
              data: [
                {
                  id: 43,
                  name: '沭阳县鑫源木业有限公司',
                  uscc: '91321322MA3BC5D6EX',
                  districtCode: '321322',
                  wsIndustryCode: null,
                  employees: null,
                  infoComplete: false,
                },
              ],
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    const onSave = vi.fn(async () => {});
    renderWithApp(
      <PolicyForm
        side="insurer"
        rules={{ ...rules, nextStartDate: null }}
        insurers={insurers}
        ownInsurerId={1}
        onSave={onSave}
      />,
    );
    const picker = screen.getByLabelText('投保企业');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '鑫源' } });
    fireEvent.click(await screen.findByText('沭阳县鑫源木业有限公司（91321322MA3BC5D6EX）', undefined, SLOW));
    expect(await screen.findByText(ENT_INCOMPLETE_FOR_INSURER, undefined, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await new Promise((r) => setTimeout(r, 300));
    expect(onSave).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
