import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PortalHeader } from '../../layouts/PortalHeader.tsx';
import { authStore } from '../../platform/auth.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { PortalEnter } from './PortalEnter.tsx';

const enterRoute = (path: string) =>
  renderWithApp(null, {
    path,
    extraRoutes: [{ path: '/portal/enter/:tab', element: <PortalEnter /> }],
  });

afterEach(() => {
  authStore.set((s) => ({ ...s, token: null, user: null, login: null, loaded: false }));
});

describe('portal tabs for a visitor (spec 2.4, 2.5)', () => {
  it('企业投保 goes to login with the tab as redirect', async () => {
    authStore.set((s) => ({ ...s, token: null, user: null }));
    const { router } = renderWithApp(<PortalHeader platformName="平台" />, { path: '/portal/index' });
    fireEvent.click(screen.getByRole('button', { name: '企业投保' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/portal/enter/insure');
  });
});

describe('PortalEnter: a portal tab once the user is known', () => {
  it('an enterprise user lands on its insurance page', async () => {
    signInAs(testUser({ roleKey: 'ROLE_ENT', roleName: '企业用户' }), { token: 't', loaded: true });
    const { router } = enterRoute('/portal/enter/insure');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ent/Entazx/EntInsuranceManage/route'));
  });

  it('an insurer opening 事故理赔 lands on its claim page', async () => {
    signInAs(testUser({ roleKey: 'ROLE_INSURANCE', roleName: '保险机构中心用户' }), {
      token: 't',
      loaded: true,
    });
    const { router } = enterRoute('/portal/enter/claim');
    await waitFor(() => expect(router.state.location.pathname).toBe('/insurance/azx/ClaimManage/route'));
  });

  it('a role the tab is not for sees the tab message on its landing page, not a 403 page', async () => {
    signInAs(testUser({ roleKey: 'ROLE_INSURANCE', roleName: '保险机构中心用户' }), {
      token: 't',
      loaded: true,
    });
    const { router } = enterRoute('/portal/enter/insure');
    await screen.findByText('企业用户才可以进入!');
    expect(router.state.location.pathname).toBe('/insurance/InsuranceAp/InsuranceApManage/route');
  });

  it('the operations admin opening 事故预防 is told 运营用户无该权限!', async () => {
    signInAs(testUser({ roleKey: 'ROLE_ADMIN' }), { token: 't', loaded: true });
    const { router } = enterRoute('/portal/enter/ap');
    await screen.findByText('运营用户无该权限!');
    expect(router.state.location.pathname).toBe('/');
  });

  it('an unknown tab is a missing page', async () => {
    signInAs(testUser({ roleKey: 'ROLE_ENT' }), { token: 't', loaded: true });
    const { router } = enterRoute('/portal/enter/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
