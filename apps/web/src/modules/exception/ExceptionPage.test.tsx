import type { ResourceNode } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Breadcrumbs } from '../../layouts/Breadcrumbs.tsx';
import { authStore } from '../../platform/auth.ts';
import { toResourceRoutes } from '../../platform/resources.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { ExceptionPage } from './ExceptionPage.tsx';

const node = (id: number, path: string, name: string, children: ResourceNode[] = []): ResourceNode => {
  const i = path.lastIndexOf('/');
  return {
    id,
    resUrl: path.slice(0, i),
    authKey: path.slice(i + 1),
    name,
    resName: '',
    icon: '',
    permission: 'ap',
    level: 1,
    action: 'query',
    isMenu: true,
    hide: false,
    redirect: '',
    component: children.length ? 'RouteView' : 'Screen',
    children,
  };
};

const GOV_LANDING = '/government/govAp/GovernmentAp/route';
const govTree = [
  node(1, '/government/govAp', '事故预防', [node(2, GOV_LANDING, '事故预防监管')]),
  node(3, '/government/govEnt', '企业管理', [node(4, '/government/govEnt/GovEntList/route', '企业列表')]),
];
const adminTree = [node(9, '/manage/index/route', '工作台')];

const signIn = (roleKey: string, resources: ResourceNode[]) =>
  signInAs(testUser({ roleKey }), { token: 't', loaded: true, resources });

afterEach(() => {
  authStore.set((s) => ({ ...s, token: null, user: null, login: null, resources: [], loaded: false }));
});

const backHome = async (path: string) => {
  const { router, unmount } = renderWithApp(<ExceptionPage type="404" />, { path });
  fireEvent.click(screen.getByRole('button', { name: /返回首页/ }));
  await waitFor(() => expect(router.state.location.pathname).not.toBe(path));
  const landed = router.state.location.pathname;
  unmount();
  return landed;
};

describe('返回首页 on an error page', () => {
  it("leads to the role's landing page (spec 2.3)", async () => {
    signIn('ROLE_GOVERNMENT', govTree);
    expect(await backHome('/404')).toBe(GOV_LANDING);
  });

  it('on the landing page itself (a screen not built yet) leads to the portal home, not back to itself', async () => {
    signIn('ROLE_GOVERNMENT', govTree);
    expect(await backHome(GOV_LANDING)).toBe('/portal/index');
  });

  it('a role whose landing is / goes to its first resource; a visitor to the portal home', async () => {
    signIn('ROLE_ADMIN', adminTree);
    expect(await backHome('/403')).toBe('/manage/index/route');
    authStore.set((s) => ({ ...s, token: null, user: null, resources: [] }));
    expect(await backHome('/500')).toBe('/portal/index');
  });
});

describe('the 首页 breadcrumb', () => {
  it("links to the role's landing page, and is plain text on that page", () => {
    signIn('ROLE_GOVERNMENT', govTree);
    const tree = toResourceRoutes(govTree);
    const other = renderWithApp(<Breadcrumbs tree={tree} />, { path: '/government/govEnt/GovEntList/route' });
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('href')).toBe(GOV_LANDING);
    other.unmount();
    renderWithApp(<Breadcrumbs tree={tree} />, { path: GOV_LANDING });
    expect(screen.getByText('首页')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '首页' })).toBeNull();
  });
});
