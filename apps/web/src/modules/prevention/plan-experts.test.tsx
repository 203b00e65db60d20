import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import type { PlanExpertOption } from './api.ts';
import { expertLabel, expertsOf, PlanFormModal } from './core-PlanForm.tsx';
import { projectDetail } from './core-test-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const option = (over: Partial<PlanExpertOption>): PlanExpertOption => ({
  id: 4,
  name: '王建华',
  title: '高级工程师',
  mobile: '139****0103',
  orgId: 21,
  orgName: '安泰安全技术服务',
  status: 1,
  inProject: true,
  ...over,
});

const REQUEST = {
  id: 3,
  requestNo: 'XQ20260401000003',
  enterpriseId: 11,
  item: '03',
  description: '请帮助排查储罐区隐患',
  wishedFrom: '2099-05-01',
};

describe('服务专家 of a new plan: picked from the pool', () => {
  it('offers the project’s organisations’ experts, then the pool; a suspended one cannot be picked', async () => {
    const calls = fakeApi({
      'POST /api/prevention/project/detail': () =>
        projectDetail({ id: 8, providers: [{ orgId: 21, orgType: 'service', name: '安泰安全技术服务' }] }),
      'POST /api/prevention/plan/expertOptions': () => [
        option({}),
        option({ id: 5, name: '马俊峰', title: '注册安全工程师', status: 2 }),
        option({ id: 9, name: '刘海燕', orgId: 30, orgName: '沭安安全', inProject: false }),
      ],
      'POST /api/prevention/plan/add': () => ({ id: 77 }),
    });
    renderScreen(<PlanFormModal open projectId={8} request={REQUEST} onClose={() => undefined} />, [
      'query',
      'get',
      'add',
    ]);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/响应服务需求/);
    fireEvent.change(within(dialog).getByLabelText('服务名称'), { target: { value: '储罐区隐患排查' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /添加服务专家/ }));
    // An empty row must be filled from the pool.
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    expect(await within(dialog).findByText('请从专家库选择专家')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/prevention/plan/add')).toBeUndefined();

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '专家1' }));
    expect(await screen.findByText('本项目机构的专家')).toBeTruthy();
    expect(screen.getByText('专家库')).toBeTruthy();
    const suspended = await screen.findByTitle('马俊峰（注册安全工程师，安泰安全技术服务） - 已停用');
    expect(suspended.className).toContain('ant-select-item-option-disabled');
    fireEvent.click(screen.getByTitle('王建华（高级工程师，安泰安全技术服务）'));
    await waitFor(() =>
      expect((within(dialog).getByPlaceholderText('职称') as HTMLInputElement).value).toBe('高级工程师'),
    );
    expect((within(dialog).getByPlaceholderText('电话') as HTMLInputElement).value).toBe('139****0103');
    expect(calls.find((c) => c.path === '/api/prevention/plan/expertOptions')?.query.get('projectId')).toBe(
      '8',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/prevention/plan/add')).toBeTruthy());
    const body = calls.find((c) => c.path === '/api/prevention/plan/add')?.body as Record<string, unknown>;
    // The pool id goes to the server, which takes name, title and the real mobile from the pool.
    expect(body.experts).toEqual([{ expertId: 4, name: '王建华', orgId: null, title: '', phone: '' }]);
  });
});

describe('expertsOf / expertLabel', () => {
  it('keeps rows typed before the pick-list readable and sends pool rows by id', () => {
    expect(
      expertsOf([
        { expertId: 4, name: '王建华', title: '高级工程师', phone: '139****0103' },
        { name: ' 张老专家 ', title: '工程师', phone: '0527-1' },
        { name: '' },
      ]),
    ).toEqual([
      { expertId: 4, name: '王建华', orgId: null, title: '', phone: '' },
      { name: '张老专家', orgId: null, title: '工程师', phone: '0527-1' },
    ]);
    expect(expertLabel(option({ title: '', orgName: '' }))).toBe('王建华');
  });
});
