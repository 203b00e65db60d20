import type { UserInfo } from '@aqzrx/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { testUser } from '../../test/user.ts';
import { AnswererConsultDetail } from './AnswererConsult.tsx';
import { EntConsultDetail } from './EntConsultDetail.tsx';
import { consult, fail, fakeApi, ok } from './test-helpers.tsx';

function userWith(actions: string[]): UserInfo {
  return testUser({
    username: 'x',
    nickname: 'x',
    roleKey: 'ROLE_X',
    roleName: 'x',
    permissions: { consult: actions },
  });
}

/** Renders a detail page at `url` for a user holding the consult `actions`. */
function renderAt(ui: ReactNode, url: string, actions = ['query', 'add', 'edit']) {
  authStore.set({ ...authStore.get(), user: userWith(actions) });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AntdApp>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntdApp>,
  );
}

const page = (list: unknown[]) => ok({ list, total: list.length, pageNum: 1, pageSize: 100 });

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.set({ ...authStore.get(), user: null });
});

describe('the asker’s consultation page', () => {
  it('without an id says to open it from 我的咨询', async () => {
    fakeApi({});
    renderAt(<EntConsultDetail />, '/detail');
    expect(await screen.findByText('缺少咨询编号')).toBeTruthy();
    expect(screen.getByText('请从“我的咨询”列表打开咨询详情。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回我的咨询' })).toBeTruthy();
  });

  it('marks its answer messages read and closes an answered consultation after confirming', async () => {
    const api = fakeApi({
      '/consult/detail': () =>
        ok(consult({ status: 1, answer: '不需要原件。', answeredAt: '2026-03-02T00:00:00Z' })),
      '/message/list': () =>
        page([
          { id: 31, kind: 'system', bizType: 'consult', bizId: '7' },
          { id: 32, kind: 'system', bizType: 'consult', bizId: '8' },
        ]),
      '/message/read': () => ok({ updated: 1 }),
      '/consult/close': () => ok(null, '咨询已关闭'),
    });
    renderAt(<EntConsultDetail />, '/detail?id=7');
    expect(await screen.findByText('理赔材料需要原件吗？')).toBeTruthy();
    await waitFor(() => expect(api.to('/message/read')).toHaveLength(1));
    expect(api.to('/message/read')[0]!.query.get('ids')).toBe('31');

    fireEvent.click(screen.getByRole('button', { name: /关闭咨询/ }));
    const pop = await screen.findByRole('tooltip');
    expect(within(pop).getByText('问题已解决？关闭后不能再修改或答复。')).toBeTruthy();
    fireEvent.click(within(pop).getByRole('button', { name: /关闭咨询/ }));
    await waitFor(() => expect(api.to('/consult/close')).toHaveLength(1));
    const close = api.to('/consult/close')[0]!;
    expect([close.query.get('id'), close.query.get('version')]).toEqual(['7', '3']);
    expect(await screen.findByText('咨询已关闭')).toBeTruthy();
  });
});

describe('the answerer’s consultation page', () => {
  it('says when the consultation is not in the service’s reach', async () => {
    fakeApi({ '/consult/detail': () => fail(404, '咨询不存在') });
    renderAt(<AnswererConsultDetail kind="service" />, '/detail?id=9');
    expect(await screen.findByText('该咨询不存在、已被删除或不在您的服务范围内。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回列表' })).toBeTruthy();
  });

  it('shows the answer form for an awaiting consultation and asks before closing it', async () => {
    fakeApi({ '/consult/detail': () => ok(consult()) });
    renderAt(<AnswererConsultDetail kind="expert" />, '/detail?id=7');
    expect(await screen.findByText('答复咨询')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /关闭咨询/ }));
    const pop = await screen.findByRole('tooltip');
    expect(within(pop).getByText('关闭后不能再答复，提问人会收到关闭通知。确定关闭吗？')).toBeTruthy();
  });

  it('offers no 修改答复 or 关闭咨询 for a consultation another organisation answered', async () => {
    const theirs = consult({
      status: 1,
      answer: '需要批改。',
      answeredAt: '2026-03-02T00:00:00Z',
      answererName: '安泰安全技术服务',
      answererOrgName: '宿迁市安泰安全技术服务有限公司',
      asAnswerer: false,
    });
    fakeApi({ '/consult/detail': () => ok(theirs) });
    renderAt(<AnswererConsultDetail kind="expert" />, '/detail?id=7');
    expect(await screen.findByText('需要批改。')).toBeTruthy();
    expect(
      screen.getByText('该咨询已由宿迁市安泰安全技术服务有限公司答复，只有答复机构可以修改答复。'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /修改答复/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /关闭咨询/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /提交答复|保存答复/ })).toBeNull();
  });

  it('offers 修改答复 for its own answer', async () => {
    fakeApi({
      '/consult/detail': () =>
        ok(consult({ status: 1, answer: '需要批改。', answeredAt: '2026-03-02T00:00:00Z' })),
    });
    renderAt(<AnswererConsultDetail kind="expert" />, '/detail?id=7');
    expect(await screen.findByText('需要批改。')).toBeTruthy();
    expect(screen.getByRole('button', { name: /修改答复/ })).toBeTruthy();
  });

  it('shows no close button on a closed consultation', async () => {
    fakeApi({ '/consult/detail': () => ok(consult({ status: 2, closedAt: '2026-03-03T00:00:00Z' })) });
    renderAt(<AnswererConsultDetail kind="service" />, '/detail?id=7');
    expect(await screen.findByText('咨询已关闭，不能再答复。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /关闭咨询/ })).toBeNull();
  });
});
