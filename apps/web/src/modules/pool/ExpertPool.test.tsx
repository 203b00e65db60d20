import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTHING_IMPORTED_TEXT } from '../../components/index.ts';
import { apiStub, ok, renderScreen } from '../../test/api-stub.tsx';
import { AdminExperts, GovExpert, InsuranceExperts, newProjectPathFor } from './ExpertPool.tsx';
import { EXPERT, page } from './test-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const bad = (result: string, data: unknown) =>
  new Response(JSON.stringify({ error: 400, apiError: 400, result, data }), {
    status: 400,
    headers: { 'Content-Type': 'application/json' },
  });

function stub(importAnswer?: () => Response) {
  const s = apiStub({
    '/api/pool/expert/list': () =>
      ok(
        page([
          EXPERT,
          { ...EXPERT, id: 6, name: '周海涛', status: 2, expiryFlag: null },
          { ...EXPERT, id: 7, name: '冯独立', orgId: null, orgName: '', orgType: null },
        ]),
      ),
    '/api/pool/expert/enable': () => ok(null, '已启用'),
    '/api/pool/expert/detail': () => ok(EXPERT),
    '/api/pool/expert/add': () => ok({ id: 9 }, '新增成功'),
    '/api/pool/expert/disable': () => ok(null, '已停用，该专家不能再被选入新的服务计划'),
    '/api/pool/expert/import': importAnswer ?? (() => ok({ added: 2, errors: [] }, '导入成功：新增专家2名')),
  });
  vi.stubGlobal('fetch', s.fetchMock);
  return s;
}

describe('专家管理 (AdminExperts)', () => {
  it('lists masked experts with the expiry flag; suspends one', async () => {
    const s = stub();
    renderScreen(<AdminExperts />, ['query', 'get', 'add', 'edit', 'enable', 'disable', 'import', 'export']);
    const name = await screen.findByText('张秀兰');
    const tr = within(name.closest('tr') as HTMLElement);
    expect(tr.getByText('321302********0012')).toBeTruthy();
    expect(tr.getByText('139****0102')).toBeTruthy();
    expect(tr.getByText('资质30天内到期')).toBeTruthy();
    expect(tr.getByText('4.5 分（2 条）')).toBeTruthy();
    expect(tr.getByText('宿城区')).toBeTruthy();
    fireEvent.click(tr.getByRole('button', { name: /停\s*用/ }));
    const pop = await screen.findByText('停用专家“张秀兰”？');
    fireEvent.click(
      within(pop.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /停\s*用/ }),
    );
    await waitFor(() => expect(s.callsTo('/api/pool/expert/disable')).toHaveLength(1));
    expect(await screen.findByText('已停用，该专家不能再被选入新的服务计划')).toBeTruthy();
  });

  it('adds an expert, refusing a bad ID number first', async () => {
    const s = stub();
    renderScreen(<AdminExperts />, ['query', 'get', 'add', 'edit']);
    await screen.findByText('张秀兰');
    fireEvent.click(screen.getByRole('button', { name: /新增专家/ }));
    const title = await screen.findByText('新增专家', { selector: '.ant-modal-title' });
    const modal = within(title.closest('.ant-modal') as HTMLElement);
    fireEvent.change(modal.getByLabelText('姓名'), { target: { value: '钱测试' } });
    fireEvent.change(modal.getByLabelText('证件号码'), { target: { value: '110105194912310021' } });
    fireEvent.change(modal.getByLabelText('手机号'), { target: { value: '13812345678' } });
    fireEvent.click(modal.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('身份证号码格式或校验位不正确，请核对18位号码')).toBeTruthy();
    fireEvent.change(modal.getByLabelText('证件号码'), { target: { value: '11010519491231002x' } });
    fireEvent.click(modal.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(s.callsTo('/api/pool/expert/add')).toHaveLength(1));
    expect(s.callsTo('/api/pool/expert/add')[0]!.body).toMatchObject({
      name: '钱测试',
      idType: '01',
      idNo: '11010519491231002X',
      mobile: '13812345678',
      orgId: null,
    });
  });

  it('imports a workbook and shows the row report of a refused one', async () => {
    const s = stub(() =>
      bad('有1行未通过校验，未导入任何数据。第3行：所在区县“上海市”不是宿迁市的区县', {
        added: 0,
        errors: [
          { rowNo: 3, messages: ['所在区县“上海市”不是宿迁市的区县', '手机号格式不正确，请输入11位手机号'] },
        ],
      }),
    );
    renderScreen(<AdminExperts />, ['query', 'import']);
    await screen.findByText('张秀兰');
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    await screen.findByText('导入专家');
    const input = document.body.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], '专家.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(input, { target: { files: [file] } });
    await screen.findByText('专家.xlsx');
    fireEvent.click(screen.getByRole('button', { name: /开始导入/ }));
    // The shared import dialog (components/ImportModal): heading, what happened, the row report.
    expect(await screen.findByText('导入失败：1行有误')).toBeTruthy();
    expect(screen.getByText(NOTHING_IMPORTED_TEXT)).toBeTruthy();
    expect(screen.getByText('第3行')).toBeTruthy();
    expect(
      screen.getByText('所在区县“上海市”不是宿迁市的区县；手机号格式不正确，请输入11位手机号'),
    ).toBeTruthy();
    expect(s.callsTo('/api/pool/expert/import')[0]!.body).toBeInstanceOf(FormData);
  });
});

describe('专家 (GovExpert / InsuranceExperts)', () => {
  it('the regulator reads details only', async () => {
    stub();
    renderScreen(<GovExpert />, ['query', 'get']);
    const name = await screen.findByText('张秀兰');
    expect(screen.queryByRole('button', { name: /新增专家/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    fireEvent.click(within(name.closest('tr') as HTMLElement).getByRole('button', { name: /详\s*情/ }));
    expect(await screen.findByText('专家：张秀兰')).toBeTruthy();
    expect(screen.getByText(/ZS-2021-1037/)).toBeTruthy();
    expect(screen.getByText('参与的预防服务（已完成 3 次）')).toBeTruthy();
  });

  it('the insurer filters its pool by speciality', async () => {
    const s = stub();
    renderScreen(<InsuranceExperts />, ['query', 'get']);
    expect(await screen.findByText('专家库')).toBeTruthy();
    await screen.findByText('张秀兰');
    fireEvent.mouseDown(screen.getByLabelText('服务项目'));
    fireEvent.click(await screen.findByTitle('生产安全事故隐患排查'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(s.callsTo('/api/pool/expert/list').some((c) => c.query.get('serviceItem') === '03')).toBe(true),
    );
  });
});

describe('发起预防项目 with an expert (InsuranceExperts)', () => {
  it('opens the project form with the expert’s organisation chosen: a panel in 专家, a service organisation in 服务机构', () => {
    expect(newProjectPathFor({ orgId: 7, orgType: 'expert' })).toBe(
      '/insurance/InsuranceAp/InsuranceApManage/route?newProject=1&expertOrgId=7',
    );
    expect(newProjectPathFor({ orgId: 11, orgType: 'service' })).toBe(
      '/insurance/InsuranceAp/InsuranceApManage/route?newProject=1&serviceOrgId=11',
    );
    expect(newProjectPathFor({ orgId: null, orgType: null })).toBeNull();
  });

  it('each row has the action; an expert of no organisation cannot start one', async () => {
    stub();
    renderScreen(<InsuranceExperts />, ['query', 'get']);
    const name = await screen.findByText('张秀兰');
    const button = within(name.closest('tr') as HTMLElement).getByRole('button', { name: '发起预防项目' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    const alone = await screen.findByText('冯独立');
    expect(
      (
        within(alone.closest('tr') as HTMLElement).getByRole('button', {
          name: '发起预防项目',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });

  it('the admin does not see it; a suspended expert has 启用 (the shared status action)', async () => {
    const s = stub();
    renderScreen(<AdminExperts />, ['query', 'get', 'enable', 'disable']);
    const name = await screen.findByText('周海涛');
    const tr = within(name.closest('tr') as HTMLElement);
    expect(tr.queryByRole('button', { name: '发起预防项目' })).toBeNull();
    fireEvent.click(tr.getByRole('button', { name: /启\s*用/ }));
    await waitFor(() => expect(s.callsTo('/api/pool/expert/enable')).toHaveLength(1));
    expect(s.callsTo('/api/pool/expert/enable')[0]!.query.get('id')).toBe('6');
  });
});
