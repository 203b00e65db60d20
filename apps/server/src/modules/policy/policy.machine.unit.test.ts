import type { PolicyStatus } from '@aqzrx/contracts';
import { describe, expect, it } from 'vitest';
import {
  mayAct,
  type PolicyAction,
  type PolicyTerms,
  policyFigures,
  policyState,
  policyTermProblems,
  policyTransition,
} from './policy.machine.ts';

const STATUSES: PolicyStatus[] = ['draft', 'submitted', 'approved', 'rejected', 'cancelled'];
const ACTIONS: PolicyAction[] = ['edit', 'submit', 'approve', 'reject', 'cancel'];
const ALLOWED: Record<string, PolicyStatus> = {
  'draft|edit': 'draft',
  'draft|submit': 'submitted',
  'rejected|edit': 'draft',
  'rejected|submit': 'submitted',
  'submitted|approve': 'approved',
  'submitted|reject': 'rejected',
  'approved|cancel': 'cancelled',
};

describe('policy review state machine (domain 3.2)', () => {
  it('allows exactly the listed transitions and refuses the other 18', () => {
    let refused = 0;
    for (const s of STATUSES)
      for (const a of ACTIONS) {
        const next = policyTransition(s, a);
        expect(next, `${s}|${a}`).toBe(ALLOWED[`${s}|${a}`] ?? null);
        if (next === null) refused++;
      }
    expect(refused).toBe(STATUSES.length * ACTIONS.length - Object.keys(ALLOWED).length);
  });

  it('the side that entered a draft edits and submits it; only the lead insurer reviews', () => {
    const byEnt = { enteredBy: 'enterprise' as const, insurerId: 10, enterpriseId: 20 };
    const byIns = { ...byEnt, enteredBy: 'insurer' as const };
    const ent = { kind: 'enterprise' as const, orgId: 20 };
    const other = { kind: 'enterprise' as const, orgId: 21 };
    const lead = { kind: 'insurer' as const, orgId: 10 };
    const co = { kind: 'insurer' as const, orgId: 11 };
    const gov = { kind: 'government' as const };
    expect(mayAct('edit', ent, byEnt)).toBe(true);
    expect(mayAct('submit', ent, byEnt)).toBe(true);
    expect(mayAct('edit', other, byEnt)).toBe(false);
    expect(mayAct('edit', lead, byEnt)).toBe(false);
    expect(mayAct('edit', lead, byIns)).toBe(true);
    expect(mayAct('edit', ent, byIns)).toBe(false);
    expect(mayAct('approve', lead, byEnt)).toBe(true);
    expect(mayAct('reject', lead, byEnt)).toBe(true);
    expect(mayAct('approve', co, byEnt)).toBe(false);
    expect(mayAct('approve', ent, byEnt)).toBe(false);
    for (const a of ACTIONS) expect(mayAct(a, gov, byEnt)).toBe(false);
  });

  it('derives time-based states of an approved policy from its dates', () => {
    const today = '2026-06-01';
    expect(policyState('approved', '2026-06-02', '2027-06-01', today)).toBe('pending');
    expect(policyState('approved', '2026-06-01', '2027-05-31', today)).toBe('active');
    expect(policyState('approved', '2025-07-01', '2026-06-30', today)).toBe('expiring'); // 29 days left
    expect(policyState('approved', '2025-07-02', '2026-07-01', today)).toBe('active'); // 30 days left
    expect(policyState('approved', '2025-06-01', '2026-06-01', today)).toBe('expiring'); // last day
    expect(policyState('approved', '2025-05-31', '2026-05-31', today)).toBe('expired');
    for (const s of ['draft', 'submitted', 'rejected', 'cancelled'] as const)
      expect(policyState(s, '2025-01-01', '2025-12-31', today)).toBe(s);
  });
});

describe('policy terms (domain 1.3-1.5)', () => {
  const settings = { minPerPersonLimit: 400000, preventionFeeCapPct: 21 };
  const t: PolicyTerms = {
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    headcount: 10,
    perPersonLimit: 400000,
    medicalLimit: 40000,
    benchmarkRate: 1.5,
    factors: [],
    premium: 6000,
    coinsurers: [],
    preventionFeePct: 21,
    serviceItems: ['01', '03'],
    serviceItemOther: '',
  };
  it('accepts a sound policy (sole insurer implied)', () => {
    expect(policyTermProblems(t, 1, settings)).toEqual([]);
  });
  it('refuses a period over one year, a limit under the floor and a fee over the cap', () => {
    expect(policyTermProblems({ ...t, endDate: '2027-01-01' }, 1, settings)[0]).toContain('最长一年');
    expect(policyTermProblems({ ...t, endDate: '2025-12-31' }, 1, settings)[0]).toContain('止期不能早于起期');
    expect(policyTermProblems({ ...t, perPersonLimit: 399999.99 }, 1, settings)[0]).toContain('400000');
    expect(policyTermProblems(t, 1, { ...settings, minPerPersonLimit: 500000 })[0]).toContain('500000');
    expect(policyTermProblems({ ...t, preventionFeePct: 21.01 }, 1, settings)[0]).toContain('21%');
    expect(policyTermProblems({ ...t, medicalLimit: 400001 }, 1, settings)[0]).toContain('医疗');
    expect(policyTermProblems({ ...t, serviceItems: ['07'] }, 1, settings)[0]).toContain('07');
    expect(
      policyTermProblems({ ...t, factors: [{ code: 'other', pct: -100, reason: 'x' }] }, 1, settings)[0],
    ).toContain('-100%');
  });
  it('co-insurance: one lead which is the issuer, followers, shares summing to exactly 100%', () => {
    const co = (list: PolicyTerms['coinsurers']) =>
      policyTermProblems({ ...t, coinsurers: list }, 1, settings);
    expect(
      co([
        { insurerId: 1, role: '01', share: 60.5 },
        { insurerId: 2, role: '02', share: 39.5 },
      ]),
    ).toEqual([]);
    expect(
      co([
        { insurerId: 1, role: '01', share: 60 },
        { insurerId: 2, role: '02', share: 39.99 },
      ])[0],
    ).toContain('100%');
    expect(
      co([
        { insurerId: 2, role: '01', share: 60 },
        { insurerId: 1, role: '02', share: 40 },
      ])[0],
    ).toContain('主承');
    expect(
      co([
        { insurerId: 1, role: '01', share: 50 },
        { insurerId: 1, role: '02', share: 50 },
      ]),
    ).toContain('共保机构不能重复');
    expect(co([{ insurerId: 1, role: '03', share: 100 }])).toEqual([]);
    expect(co([{ insurerId: 1, role: '01', share: 100 }])[0]).toContain('03');
    expect(co([{ insurerId: 2, role: '03', share: 100 }])[0]).toContain('出单机构');
  });
  it('figures: per-accident = per-person × headcount; rate floats; fee = premium × ratio', () => {
    const f = policyFigures({
      ...t,
      factors: [{ pct: -10 }, { pct: 5 }],
      premium: 5700.55,
      preventionFeePct: 15,
    });
    expect(f.perAccidentLimit).toBe(4_000_000);
    expect(f.floatPct).toBe(-5);
    expect(f.premiumCalc).toBe(5700); // 4,000,000 × 1.5‰ × 0.95
    expect(f.preventionFee).toBe(855.08);
  });
});
