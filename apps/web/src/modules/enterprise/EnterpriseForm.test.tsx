import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import type { EnterpriseDetail } from './api.ts';
import { EnterpriseForm } from './EnterpriseForm.tsx';
import { ImportRegisterModal, NOTHING_IMPORTED_TEXT } from './ImportRegisterModal.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json(200, { error: 0, apiError: 0, result: '操作成功', data });

function signIn(actions: string[]) {
  signInAs(
    testUser({
      uid: 9,
      username: 'ent2',
      nickname: '',
      status: 3,
      isOrg: true,
      orgId: 7,
      orgName: '',
      roleKey: 'ROLE_ENT',
      roleName: '企业用户',
      permissions: { enterprise: actions },
    }),
  );
}

beforeEach(() => {
  signIn(['query', 'get', 'edit']);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('getDistrictChildren'))
      return ok({ districtList: [{ code: '321324', name: '泗洪县' }] });
    if (url.includes('getIndustry.json')) return ok({ industryList: [] });
    return json(404, { error: 404, apiError: 404, result: '不存在' });
  });
});
afterEach(() => {
  authStore.set((st) => ({ ...st, user: null }));
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const complete: EnterpriseDetail = {
  id: 7,
  name: '泗洪县顺达建筑工程有限公司',
  uscc: '91321302MA7E2ETE28',
  districtCode: '321324',
  districtName: '泗洪县',
  address: '青阳街道示范路8号',
  wsIndustryCode: 'AQ0501',
  wsIndustryName: '建筑施工',
  gbIndustryCode: 'E47',
  employees: 86,
  operatingStatus: 1,
  legalName: '周建国',
  legalMobile: '13905271234',
  safetyName: '吴安全',
  safetyMobile: '13905275678',
  stdGrade: 2,
  mustInsure: true,
  onRegister: false,
  insuredNow: false,
  blacklist: false,
  score: 80,
  scoreGrade: 2,
  riskLevel: 3,
  riskLevelLabel: '一般风险',
  infoComplete: true,
  version: 3,
  annualTurnover: null,
  businessScope: '房屋建筑工程施工',
  legalDutyPhone: '',
  legalEmail: '',
  businessLicenceFileId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  licenceNo: '',
  licenceFileId: null,
  licenceStart: null,
  licenceEnd: null,
  registerYear: null,
  scoredAt: null,
  mobilesMasked: false,
  underCovered: false,
  overCovered: false,
  operatingStatusLocked: false,
};

/** Validation is asynchronous and the test machine is shared: allow time. */
const slow = { timeout: 5000 };
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

describe('enterprise profile form', () => {
  it('names a wrong USCC check digit and a wrong mobile when the field is left', async () => {
    const onSubmit = vi.fn();
    renderWithApp(
      <EnterpriseForm
        mode="mine"
        initial={complete}
        saveAccess={{ permission: 'enterprise.edit' }}
        submitting={false}
        onSubmit={onSubmit}
      />,
    );
    const uscc = input('enterprise-mine_uscc');
    fireEvent.change(uscc, { target: { value: '91321302MA7E2ETE29' } });
    fireEvent.focusOut(uscc);
    expect(
      await screen.findByText('统一社会信用代码校验位不正确，请核对18位代码', undefined, slow),
    ).toBeTruthy();
    const mobile = input('enterprise-mine_legalMobile');
    fireEvent.change(mobile, { target: { value: '1390527' } });
    fireEvent.focusOut(mobile);
    expect(
      await screen.findByText('法定代表人手机号格式不正确，请输入11位手机号', undefined, slow),
    ).toBeTruthy();
    fireEvent.click(saveButton());
    // The form validates everything on save and stops at the two bad fields.
    await new Promise((r) => setTimeout(r, 1000));
    expect(screen.getByText('统一社会信用代码校验位不正确，请核对18位代码')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps an out-of-range number as typed and refuses it naming the range (no silent clamping)', async () => {
    const onSubmit = vi.fn();
    renderWithApp(
      <EnterpriseForm
        mode="mine"
        initial={complete}
        saveAccess={{ permission: 'enterprise.edit' }}
        submitting={false}
        onSubmit={onSubmit}
      />,
    );
    const employees = input('enterprise-mine_employees');
    fireEvent.change(employees, { target: { value: '-5' } });
    fireEvent.blur(employees);
    const turnover = input('enterprise-mine_annualTurnover');
    fireEvent.change(turnover, { target: { value: '-100' } });
    fireEvent.blur(turnover);
    expect(await screen.findByText('从业人员总数须为1至999,999,999之间的整数', undefined, slow)).toBeTruthy();
    expect(
      await screen.findByText(
        '年营业额/工程造价须为0至999,999,999,999.99之间的数，最多两位小数',
        undefined,
        slow,
      ),
    ).toBeTruthy();
    // What was typed stays in the fields: nothing became 1 or 0.
    expect(employees.value).toBe('-5');
    expect(turnover.value).toBe('-100');
    fireEvent.change(employees, { target: { value: '0' } });
    fireEvent.blur(employees);
    fireEvent.change(turnover, { target: { value: '12.345' } });
    fireEvent.blur(turnover);
    fireEvent.click(saveButton());
    await new Promise((r) => setTimeout(r, 500));
    expect(employees.value).toBe('0');
    expect(turnover.value).toBe('12.345');
    expect(screen.getByText('从业人员总数须为1至999,999,999之间的整数')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an empty profile, naming every missing field, and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderWithApp(
      <EnterpriseForm
        mode="mine"
        saveAccess={{ permission: 'enterprise.edit' }}
        submitting={false}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(saveButton());
    for (const text of [
      '请输入企业名称',
      '请输入统一社会信用代码',
      '请输入从业人员总数',
      '请上传营业执照图片',
      '请选择经营地址的区县',
      '请选择安责险行业（安全生产行业领域）',
      '请输入法定代表人手机号',
      '请输入安全负责人手机号',
    ])
      expect(await screen.findByText(text, undefined, slow)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a complete profile as the server takes it', async () => {
    const onSubmit = vi.fn();
    renderWithApp(
      <EnterpriseForm
        mode="mine"
        initial={complete}
        saveAccess={{ permission: 'enterprise.edit' }}
        submitting={false}
        onSubmit={onSubmit}
      />,
    );
    const mobile = input('enterprise-mine_safetyMobile');
    fireEvent.change(mobile, { target: { value: '+8613905279999' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      uscc: '91321302MA7E2ETE28',
      districtCode: '321324',
      address: '青阳街道示范路8号',
      employees: 86,
      legalMobile: '13905271234',
      safetyMobile: '13905279999',
      businessLicenceFileId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
      stdGrade: 2,
    });
  });

  it('masked numbers stand in the form and go back unchanged (kept by the server); another mask is refused', async () => {
    for (const mode of ['mine', 'edit'] as const) {
      const onSubmit = vi.fn();
      const view = renderWithApp(
        <EnterpriseForm
          mode={mode}
          initial={{
            ...complete,
            mobilesMasked: true,
            legalMobile: '139****1234',
            safetyMobile: '139****5678',
            legalDutyPhone: '139****0001',
          }}
          saveAccess={{ permission: 'enterprise.edit' }}
          submitting={false}
          onSubmit={onSubmit}
        />,
      );
      expect(screen.getByText(/联系电话已脱敏显示/)).toBeTruthy();
      expect(input(`enterprise-${mode}_legalMobile`).value).toBe('139****1234');
      expect(input(`enterprise-${mode}_legalDutyPhone`).value).toBe('139****0001');
      const safety = input(`enterprise-${mode}_safetyMobile`);
      fireEvent.change(safety, { target: { value: '139****0000' } });
      fireEvent.focusOut(safety);
      expect(
        await screen.findByText('安全负责人手机号格式不正确，请输入11位手机号', undefined, slow),
      ).toBeTruthy();
      fireEvent.change(safety, { target: { value: '139****5678' } });
      fireEvent.click(saveButton());
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
        legalMobile: '139****1234',
        legalDutyPhone: '139****0001',
        safetyMobile: '139****5678',
      });
      view.unmount();
    }
  });

  it('查看 beside a masked number asks the server for the full one of this enterprise', async () => {
    fetchMock.mockImplementation(async (req, init) => {
      const url = String(req);
      if (url.includes('/pii/reveal')) {
        const body = JSON.parse(String(init?.body)) as { field: string };
        return ok({ value: body.field === 'legalMobile' ? '13905271234' : '13905275678' });
      }
      return json(404, { error: 404, apiError: 404, result: '不存在' });
    });
    renderWithApp(
      <EnterpriseForm
        mode="mine"
        initial={{
          ...complete,
          mobilesMasked: true,
          legalMobile: '139****1234',
          safetyMobile: '139****5678',
        }}
        saveAccess={{ permission: 'enterprise.edit' }}
        submitting={false}
        onSubmit={() => undefined}
      />,
    );
    expect(screen.queryByText('13905271234')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: '查看' })[0]!);
    expect(await screen.findByText('13905271234', undefined, slow)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/pii/reveal'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ kind: 'enterprise', id: 7, field: 'legalMobile' });
  });

  it('regulator edit: a number never stored must be entered', async () => {
    const onSubmit = vi.fn();
    renderWithApp(
      <EnterpriseForm
        mode="edit"
        initial={{ ...complete, mobilesMasked: true, legalMobile: '139****1234', safetyMobile: '' }}
        saveAccess={{ permission: 'enterprise.edit' }}
        submitting={false}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(saveButton());
    expect(await screen.findByText('请输入安全负责人手机号', undefined, slow)).toBeTruthy();
    expect(screen.queryByText('请输入法定代表人手机号')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('while the enterprise holds an issued policy its own form keeps 经营状态 as it is', async () => {
    const onSubmit = vi.fn();
    renderWithApp(
      <EnterpriseForm
        mode="mine"
        initial={{ ...complete, operatingStatusLocked: true }}
        saveAccess={{ permission: 'enterprise.edit' }}
        submitting={false}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText('本企业有未到期的保单，经营状态须由属地监管部门核实后变更')).toBeTruthy();
    expect(input('enterprise-mine_operatingStatus').disabled).toBe(true);
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ operatingStatus: 1 });
  });

  it('the regulator edits 经营状态 of an insured enterprise', () => {
    renderWithApp(
      <EnterpriseForm
        mode="edit"
        initial={{ ...complete, operatingStatusLocked: true, mobilesMasked: true }}
        saveAccess={{ permission: 'enterprise.edit' }}
        submitting={false}
        onSubmit={() => undefined}
      />,
    );
    expect(input('enterprise-edit_operatingStatus').disabled).toBe(false);
    expect(screen.queryByText('本企业有未到期的保单，经营状态须由属地监管部门核实后变更')).toBeNull();
  });

  it('offers no save button to a user without the edit right', async () => {
    signIn(['query', 'get']);
    renderWithApp(
      <EnterpriseForm
        mode="mine"
        initial={complete}
        saveAccess={{ permission: 'enterprise.edit' }}
        submitting={false}
        onSubmit={() => undefined}
      />,
    );
    await screen.findByText('基本信息');
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });
});

describe('must-insure register import', () => {
  it('shows the server’s row-by-row report and says that nothing was imported', async () => {
    fetchMock.mockImplementation(async () =>
      json(400, {
        error: 400,
        apiError: 400,
        result: '导入失败：共1行有误，未导入任何数据，请按错误报告修改后重新导入',
        data: {
          errors: [
            { row: 3, column: '统一社会信用代码', message: '统一社会信用代码格式或校验位不正确' },
            { row: 3, column: '所属区县', message: '请填写宿迁市的区县名称或代码，如“宿城区”或321302' },
          ],
        },
      }),
    );
    const onImported = vi.fn();
    renderWithApp(<ImportRegisterModal open onClose={() => undefined} onImported={onImported} />);
    const fileInput = document.querySelector<HTMLInputElement>('input[type=file]')!;
    const file = new File([new Uint8Array([80, 75, 3, 4])], '台账.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(fileInput, { target: { files: [file] } });
    fireEvent.click(await screen.findByRole('button', { name: '开始导入' }));
    expect(await screen.findByText(NOTHING_IMPORTED_TEXT)).toBeTruthy();
    expect(screen.getByText('导入失败：1行有误')).toBeTruthy();
    // The heading is said once: the server's sentence repeating it is left out beside the row report.
    expect(screen.queryByText(/导入失败：共1行有误/)).toBeNull();
    expect(screen.getAllByText('第3行')).toHaveLength(2);
    expect(screen.getByText('统一社会信用代码格式或校验位不正确')).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(String(url)).toBe('/api/enterprise/import');
    expect(init?.body).toBeInstanceOf(FormData);
  });

  it('refuses another file type before uploading', async () => {
    renderWithApp(<ImportRegisterModal open onClose={() => undefined} onImported={() => undefined} />);
    const fileInput = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(fileInput, { target: { files: [new File(['a,b'], '台账.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('请选择 .xlsx 格式的文件（Excel 2007 及以上）')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/enterprise/import', expect.anything());
  });
});
