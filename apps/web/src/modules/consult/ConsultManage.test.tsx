import type { UserInfo } from '@aqzrx/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { routeResource } from '../../test/render.tsx';
import { testUser } from '../../test/user.ts';
import { AnswererConsultQuery } from './AnswererConsult.tsx';
import { ConsultManage } from './ConsultManage.tsx';
import { fmtTime } from './ConsultThread.tsx';
import { CLASSES, consult, fakeApi, ok } from './test-helpers.tsx';

const answered = consult({
  id: 8,
  title: '保费怎么计算？',
  status: 1,
  answer: '按从业人员人数计算。',
  answeredAt: '2026-03-02T00:00:00Z',
  answererName: '服务员',
  answererOrgName: '安泰安全技术服务',
  version: 5,
});

function userWith(actions: string[]): UserInfo {
  return testUser({
    username: 'x',
    nickname: 'x',
    roleKey: 'ROLE_X',
    roleName: 'x',
    permissions: { consult: actions },
  });
}

/** Renders the screen on a route whose resource offers `actions`, for a user holding them. */
function renderAs(actions: string[], screenElement: ReactNode = <ConsultManage />) {
  authStore.set({ ...authStore.get(), user: userWith(actions) });
  const resource = routeResource(actions, 'consult');
  const router = createMemoryRouter([{ path: '/', element: screenElement, handle: { resource } }]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AntdApp>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntdApp>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.set({ ...authStore.get(), user: null });
});

function listApi(list = [answered]) {
  return fakeApi({
    '/manage/articles/getConsultClassList': () => ok(CLASSES),
    '/manage/articles/getConsultList': () => ok({ list, total: list.length, pageNum: 1, pageSize: 10 }),
    '/consult/setPublic': () => ok(null, '已公开为问答'),
  });
}

describe('ConsultManage (AdminConsult / GovConsult)', () => {
  it('admin: publishes an answered consultation after confirming, with its id and version', async () => {
    const api = listApi();
    renderAs(['add', 'delete', 'edit', 'query', 'get']);
    expect(await screen.findByText('保费怎么计算？')).toBeTruthy();
    expect(screen.getByText('删除')).toBeTruthy();
    fireEvent.click(screen.getByText('公开为问答'));
    expect(api.to('/consult/setPublic')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: '公 开' }));
    await waitFor(() => expect(api.to('/consult/setPublic')).toHaveLength(1));
    const q = api.to('/consult/setPublic')[0]!.query;
    expect([q.get('id'), q.get('version'), q.get('isPublic')]).toEqual(['8', '5', '1']);
    expect(await screen.findByText('已公开为问答')).toBeTruthy();
  });

  it('government (no delete action): publishes but sees no delete button', async () => {
    listApi();
    renderAs(['edit', 'query', 'get']);
    expect(await screen.findByText('保费怎么计算？')).toBeTruthy();
    expect(screen.getByText('公开为问答')).toBeTruthy();
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('government: a consultation another organisation answered can be read, not revised, published or closed', async () => {
    listApi([{ ...answered, asAnswerer: false }]);
    renderAs(['edit', 'query', 'get']);
    expect(await screen.findByText('保费怎么计算？')).toBeTruthy();
    for (const label of ['修改答复', '公开为问答', '关闭']) expect(screen.queryByText(label)).toBeNull();
  });

  it('a role with query only sees the list without mutation buttons', async () => {
    listApi();
    renderAs(['query', 'get']);
    expect(await screen.findByText('保费怎么计算？')).toBeTruthy();
    expect(screen.queryByText('公开为问答')).toBeNull();
    expect(screen.queryByText('修改答复')).toBeNull();
    expect(screen.queryByText('关闭')).toBeNull();
  });

  it('fits the card beside the menu at 1440 px, asker and answerer with their times, headers kept when empty', async () => {
    listApi();
    renderAs(['add', 'delete', 'edit', 'query', 'get']);
    expect(await screen.findByText('保费怎么计算？')).toBeTruthy();
    const width = () =>
      Number.parseInt(
        document.querySelector<HTMLTableElement>('.ant-table-content table, .ant-table-body table')?.style
          .width ?? '',
        10,
      );
    // The card leaves about 1,020 px at 1440 px (the table card has more padding than a plain list).
    expect(width()).toBeLessThanOrEqual(1020);
    for (const header of ['咨询标题', '状态', '咨询分类', '提问企业/时间', '答复人/时间', '操作'])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getByText('安泰安全技术服务')).toBeTruthy();
    expect(screen.getByText(fmtTime('2026-03-02T00:00:00Z'))).toBeTruthy();

    fakeApi({
      '/manage/articles/getConsultClassList': () => ok(CLASSES),
      '/manage/articles/getConsultList': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    });
    fireEvent.click(screen.getByText('已关闭'));
    expect(await screen.findByText('暂无咨询')).toBeTruthy();
    expect(width()).toBeLessThanOrEqual(1020);
    expect(screen.getByRole('columnheader', { name: '答复人/时间' })).toBeTruthy();
  });
});

describe('咨询答复 list (service and expert organisations)', () => {
  it('offers 修改答复 only on consultations the caller answered, 答复 on awaiting ones', async () => {
    const awaiting = consult({ id: 9, title: '待答复的咨询' });
    const theirs = { ...answered, id: 10, title: '别家答复的咨询', asAnswerer: false };
    listApi([awaiting, answered, theirs]);
    renderAs(['edit', 'query', 'get'], <AnswererConsultQuery kind="expert" />);
    // The list opens on 待回复; show every status.
    fireEvent.click(await screen.findByRole('tab', { name: '全部' }));
    const actionsOf = async (title: string) =>
      (
        (await screen.findByText(title)).closest('tr')?.querySelector('td:last-child')?.textContent ?? ''
      ).trim();
    expect(await actionsOf('待答复的咨询')).toBe('查看答复');
    expect(await actionsOf('保费怎么计算？')).toBe('查看修改答复');
    expect(await actionsOf('别家答复的咨询')).toBe('查看');
  });
});
