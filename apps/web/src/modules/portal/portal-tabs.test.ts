import { describe, expect, it } from 'vitest';
import { PORTAL_TAB_MESSAGES, portalTabTarget } from './portal-tabs.ts';

const as = (roleKey: string | null) => ({ hasToken: true, roleKey });
const anon = { hasToken: false, roleKey: null };

describe('portal header tabs (spec 2.5)', () => {
  it('home is open to everyone', () => {
    expect(portalTabTarget('home', anon)).toEqual({ kind: 'go', to: '/portal/index' });
  });

  it('without a token the other tabs lead to login with the tab as redirect (spec 2.4)', () => {
    for (const key of ['insure', 'claim', 'ap'] as const) {
      expect(portalTabTarget(key, anon)).toEqual({
        kind: 'go',
        to: `/user/login?redirect=${encodeURIComponent(`/portal/enter/${key}`)}`,
      });
    }
  });

  it('企业投保: enterprise users only', () => {
    expect(portalTabTarget('insure', as('ROLE_ENT'))).toEqual({
      kind: 'go',
      to: '/ent/Entazx/EntInsuranceManage/route',
    });
    for (const r of ['ROLE_GOVERNMENT', 'ROLE_INSURANCE', 'ROLE_ADMIN', 'ROLE_USER']) {
      expect(portalTabTarget('insure', as(r))).toEqual({ kind: 'deny', message: '企业用户才可以进入!' });
    }
  });

  it('事故理赔: enterprise or insurance users', () => {
    expect(portalTabTarget('claim', as('ROLE_ENT'))).toEqual({
      kind: 'go',
      to: '/ent/Entazx/EntClaimManage/route',
    });
    expect(portalTabTarget('claim', as('ROLE_INSURANCE'))).toEqual({
      kind: 'go',
      to: '/insurance/azx/ClaimManage/route',
    });
    expect(portalTabTarget('claim', as('ROLE_GOVERNMENT'))).toEqual({
      kind: 'deny',
      message: '企业用户或者保险用户才可以进入!',
    });
  });

  it('事故预防: everyone but the operations admin, to their own AP page', () => {
    expect(portalTabTarget('ap', as('ROLE_ADMIN'))).toEqual({
      kind: 'deny',
      message: PORTAL_TAB_MESSAGES.ap,
    });
    expect(PORTAL_TAB_MESSAGES.ap).toBe('运营用户无该权限!');
    expect(portalTabTarget('ap', as('ROLE_GOVERNMENT'))).toEqual({
      kind: 'go',
      to: '/government/govAp/GovernmentAp/route',
    });
    expect(portalTabTarget('ap', as('ROLE_SERVICE'))).toEqual({ kind: 'go', to: '/service/serviceAp' });
    expect(portalTabTarget('ap', as('ROLE_USER'))).toEqual({ kind: 'go', to: '/' });
  });
});
