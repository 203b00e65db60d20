import { describe, expect, it } from 'vitest';
import { isEntInfoGated } from './BasicLayout.tsx';

describe('enterprise information gate (spec 2.7)', () => {
  it('blocks an enterprise user with status 3 everywhere but the edit page', () => {
    expect(isEntInfoGated('ROLE_ENT', 3, '/ent/EntAPQuery/route')).toBe(true);
    expect(isEntInfoGated('ROLE_ENT', 3, '/ent/EntInfoEdit')).toBe(false);
  });
  it('lets everyone else through', () => {
    expect(isEntInfoGated('ROLE_ENT', 1, '/ent/EntAPQuery/route')).toBe(false);
    expect(isEntInfoGated('ROLE_GOVERNMENT', 3, '/x')).toBe(false);
    expect(isEntInfoGated(null, undefined, '/x')).toBe(false);
  });
});
