import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { EntComplaint, EntComplaintAdd, ServiceComplaintAdd } from './MyComplaints.tsx';
import { complaintRow, page } from './test-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const asEnt = () =>
  signInAs(
    testUser({
      roleKey: 'ROLE_ENT',
      orgId: 11,
      orgName: '宿迁市恒安化工有限公司',
      nickname: '王安全',
      permissions: { complaint: ['add', 'query', 'get'] },
    }),
  );

/** The messages the form shows under its fields, top to bottom. */
const formErrors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('EntComplaint (我的投诉)', () => {
  it('lists the filed complaints with state, deadline and the overdue flag', async () => {
    asEnt();
    const calls = fakeApi({
      'POST /api/complaint/list': () =>
        page([
          complaintRow({
            id: 1,
            title: '超期未答复的投诉',
            state: 3,
            stateLabel: '办理中',
            overdue: true,
            workDaysLeft: -2,
          }),
          complaintRow({
            id: 2,
            title: '临近期限的投诉',
            nearDeadline: true,
            workDaysLeft: 1,
            extended: true,
          }),
          complaintRow({
            id: 3,
            title: '待受理的投诉',
            state: 1,
            stateLabel: '已提交',
            deadline: null,
            workDaysLeft: null,
          }),
        ]),
    });
    renderWithApp(<EntComplaint />, { actions: ['add', 'query', 'get'] });
    await screen.findByText('超期未答复的投诉');
    const list = calls.find((c) => c.path === '/api/complaint/list')!;
    expect(list.query.get('view')).toBe('filed');
    const rows = screen.getAllByRole('row').filter((r) => r.querySelector('[data-testid="complaint-state"]'));
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('complaint-state').textContent).toBe('办理中');
    expect(within(rows[0]!).getByTestId('complaint-deadline').textContent).toContain('已超期 2 个工作日');
    expect(within(rows[1]!).getByTestId('complaint-deadline').textContent).toContain('剩余 1 个工作日');
    expect(within(rows[1]!).getByText('已延期')).toBeTruthy();
    expect(within(rows[2]!).getByTestId('complaint-deadline').textContent).toContain('受理后起算');
    expect(screen.getAllByText('人保财险宿迁分公司').length).toBeGreaterThan(0);
  });

  it('a row opens its detail page', async () => {
    asEnt();
    fakeApi({ 'POST /api/complaint/list': () => page([complaintRow()]) });
    const { router } = renderWithApp(<EntComplaint />, { actions: ['add', 'query', 'get'] });
    fireEvent.click(await screen.findByText('理赔款迟迟未到账'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/ent/center/EntComplaintDetail/route?id=41',
      ),
    );
  });

  it('has the 新增投诉 button leading to the add page', async () => {
    asEnt();
    fakeApi({ 'POST /api/complaint/list': () => page([]) });
    const { router } = renderWithApp(<EntComplaint />, { actions: ['add', 'query', 'get'] });
    fireEvent.click(await screen.findByRole('button', { name: /新增投诉/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ent/center/EntComplaintAdd/route'));
  });
});

describe('EntComplaintAdd (新增投诉)', () => {
  const targets = () => [
    { orgId: 3, name: '人保财险宿迁分公司', uscc: '91321300100000003X', handlerName: '人保财险宿迁分公司' },
  ];

  it('refuses an empty form with the server messages and sends nothing', async () => {
    asEnt();
    const calls = fakeApi({ 'POST /api/complaint/targets': targets });
    renderWithApp(<EntComplaintAdd />, { actions: ['add'] });
    expect((await screen.findByTestId('complainant-name')).textContent).toBe('宿迁市恒安化工有限公司');
    fireEvent.click(screen.getByRole('button', { name: '提交投诉' }));
    expect(await screen.findByText('请选择被投诉的单位（投诉平台时不选）')).toBeTruthy();
    await waitFor(() =>
      expect(formErrors()).toEqual([
        '请选择被投诉的单位（投诉平台时不选）',
        '请选择投诉类别',
        '请填写投诉标题（至少2个字）',
        '请填写投诉内容（至少10个字）',
        '请填写投诉诉求（至少2个字）',
        '请填写联系电话',
      ]),
    );
    expect(calls.filter((c) => c.path === '/api/complaint/add')).toHaveLength(0);
  });

  it('files a complaint against the platform (no unit) and opens its detail', async () => {
    asEnt();
    const calls = fakeApi({
      'POST /api/complaint/targets': targets,
      'POST /api/complaint/add': () => ({ id: 77 }),
    });
    const { router } = renderWithApp(<EntComplaintAdd />, { actions: ['add'] });
    fireEvent.click(await screen.findByRole('radio', { name: '平台' }));
    expect(await screen.findByText('对平台的投诉由平台运营中心办理')).toBeTruthy();
    expect(screen.queryByLabelText('被投诉单位')).toBeNull();
    fireEvent.mouseDown(screen.getByLabelText('投诉类别'));
    fireEvent.click(await screen.findByTitle('平台使用'));
    type('投诉标题', '  平台无法上传附件 ');
    type('投诉内容', '上传理赔材料时一直提示失败，换了浏览器也不行。');
    type('投诉诉求', '请尽快修复');
    type('联系电话', '13951112222');
    fireEvent.click(screen.getByRole('button', { name: '提交投诉' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/complaint/add')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/complaint/add')!.body).toEqual({
      targetKind: 'platform',
      targetOrgId: null,
      category: '06',
      title: '平台无法上传附件',
      content: '上传理赔材料时一直提示失败，换了浏览器也不行。',
      demand: '请尽快修复',
      contactName: '王安全',
      contactPhone: '13951112222',
      attachments: [],
      relatedKind: null,
      relatedId: null,
    });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/ent/center/EntComplaintDetail/route?id=77',
      ),
    );
  });

  it('picks the insurer complained about and tells who handles it; a bad phone is refused', async () => {
    asEnt();
    const calls = fakeApi({
      'POST /api/complaint/targets': targets,
      'POST /api/complaint/add': () => ({ id: 78 }),
    });
    renderWithApp(<EntComplaintAdd />, { actions: ['add'] });
    fireEvent.mouseDown(await screen.findByLabelText('被投诉单位'));
    fireEvent.click(await screen.findByTitle('人保财险宿迁分公司（91321300100000003X）'));
    expect(await screen.findByText('办理单位：人保财险宿迁分公司')).toBeTruthy();
    type('联系电话', '12345');
    fireEvent.click(screen.getByRole('button', { name: '提交投诉' }));
    expect(await screen.findByText('电话格式不正确，请输入手机号或座机号（如0527-84361234）')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/complaint/add')).toHaveLength(0);
    expect(calls.find((c) => c.path === '/api/complaint/targets')!.query.get('kind')).toBe('insurer');
  });

  it('the service organisation files from its own 新增投诉 and lands on its own detail page', async () => {
    signInAs(
      testUser({ roleKey: 'ROLE_SERVICE', orgId: 21, orgName: '宿迁安评技术服务中心', nickname: '张服务' }),
    );
    fakeApi({ 'POST /api/complaint/targets': targets });
    renderWithApp(<ServiceComplaintAdd />, { actions: ['add'] });
    expect((await screen.findByTestId('complainant-name')).textContent).toBe('宿迁安评技术服务中心');
    expect(screen.getByRole('button', { name: '返回我的投诉' })).toBeTruthy();
  });
});
