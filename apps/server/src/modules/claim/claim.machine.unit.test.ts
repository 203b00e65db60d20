import type { ClaimPhase, CloseType } from '@aqzrx/contracts';
import { describe, expect, it } from 'vitest';
import {
  allowedCloseTypes,
  allowedSteps,
  type ClaimActorKind,
  type ClaimStep,
  claimFlags,
  decideStep,
  reportTimeProblem,
  stepTimeProblem,
} from './claim.machine.ts';

const PHASES: ClaimPhase[] = [
  'reported',
  'registered',
  'surveyed',
  'assessed',
  'paid',
  'closed',
  'withdrawn',
];
const STEPS: ClaimStep[] = [1, 2, 3, 4, 5, 6, 7, 8];
const CLOSES: CloseType[] = ['paid', 'denied', 'zero', 'withdrawn', 'invalid'];
const ACTORS: ClaimActorKind[] = ['enterprise', 'insurer', 'government', 'none'];

/**
 * The expected table, written out independently of the implementation: for the lead insurer, every
 * (phase, payments made?, payouts short of the assessment?, step[:closeType]) that is allowed and the
 * phase it leads to. Everything not listed must be refused. Before payout a claim has no shortfall, so
 * those phases list `*` (the machine must answer the same either way); a paid claim lists both.
 */
const TABLE: Record<string, ClaimPhase> = {
  'reported|0|*|2': 'withdrawn',
  'reported|0|*|3': 'registered',
  'reported|0|*|8:withdrawn': 'closed',
  'reported|0|*|8:invalid': 'closed',
  'reported|1|*|3': 'registered',
  'registered|0|*|2': 'withdrawn',
  'registered|0|*|4': 'registered',
  'registered|0|*|5': 'surveyed',
  'registered|0|*|6': 'assessed',
  'registered|0|*|8:denied': 'closed',
  'registered|0|*|8:zero': 'closed',
  'registered|0|*|8:withdrawn': 'closed',
  'registered|0|*|8:invalid': 'closed',
  'registered|1|*|4': 'registered',
  'registered|1|*|5': 'surveyed',
  'registered|1|*|6': 'assessed',
  'surveyed|0|*|2': 'withdrawn',
  'surveyed|0|*|4': 'surveyed',
  'surveyed|0|*|5': 'surveyed',
  'surveyed|0|*|6': 'assessed',
  'surveyed|0|*|8:denied': 'closed',
  'surveyed|0|*|8:zero': 'closed',
  'surveyed|0|*|8:withdrawn': 'closed',
  'surveyed|0|*|8:invalid': 'closed',
  'surveyed|1|*|4': 'surveyed',
  'surveyed|1|*|5': 'surveyed',
  'surveyed|1|*|6': 'assessed',
  'assessed|0|*|2': 'withdrawn',
  'assessed|0|*|4': 'assessed',
  'assessed|0|*|6': 'assessed',
  'assessed|0|*|7': 'paid',
  'assessed|0|*|8:denied': 'closed',
  'assessed|0|*|8:zero': 'closed',
  'assessed|0|*|8:withdrawn': 'closed',
  'assessed|0|*|8:invalid': 'closed',
  'assessed|1|*|4': 'assessed',
  'assessed|1|*|6': 'assessed',
  'assessed|1|*|7': 'paid',
  // Paid in full: only the close as paid.
  'paid|0|full|8:paid': 'closed',
  'paid|1|full|8:paid': 'closed',
  // Paid in part: a further payout, or the close as paid (the service asks for the gap to be explained).
  'paid|0|short|7': 'paid',
  'paid|0|short|8:paid': 'closed',
  'paid|1|short|7': 'paid',
  'paid|1|short|8:paid': 'closed',
};
const INSURER_ALLOWED: Record<string, ClaimPhase> = Object.fromEntries(
  Object.entries(TABLE).flatMap(([k, v]) =>
    k.includes('|*|')
      ? [
          [k.replace('|*|', '|full|'), v],
          [k.replace('|*|', '|short|'), v],
        ]
      : [[k, v]],
  ),
);

interface Case {
  key: string;
  phase: ClaimPhase;
  pay: boolean;
  short: boolean;
  step: ClaimStep;
  close?: CloseType;
}
function cases(): Case[] {
  const out: Case[] = [];
  for (const phase of PHASES)
    for (const pay of [false, true])
      for (const short of [false, true])
        for (const step of STEPS) {
          const head = `${phase}|${pay ? 1 : 0}|${short ? 'short' : 'full'}`;
          if (step === 8)
            for (const close of CLOSES)
              out.push({ key: `${head}|8:${close}`, phase, pay, short, step, close });
          else out.push({ key: `${head}|${step}`, phase, pay, short, step });
        }
  return out;
}
const stateOf = (c: Case) => ({ phase: c.phase, hasPayments: c.pay, shortfall: c.short });

describe('claim state machine (domain 3.4, spec 4 steps)', () => {
  it('step 1 creates a claim (enterprise or insurer) and cannot be repeated', () => {
    expect(decideStep(undefined, 1, 'enterprise')).toEqual({ ok: true, phase: 'reported' });
    expect(decideStep(undefined, 1, 'insurer')).toEqual({ ok: true, phase: 'reported' });
    expect(decideStep(undefined, 1, 'government').ok).toBe(false);
    expect(decideStep(undefined, 1, 'none').ok).toBe(false);
    for (const s of STEPS.slice(1)) expect(decideStep(undefined, s, 'insurer').ok).toBe(false);
    for (const phase of PHASES)
      expect(decideStep({ phase, hasPayments: false, shortfall: false }, 1, 'insurer').ok).toBe(false);
  });

  const all = cases();
  it(`the lead insurer: exactly the ${Object.keys(INSURER_ALLOWED).length} allowed transitions of ${all.length}`, () => {
    for (const c of all) {
      const d = decideStep(stateOf(c), c.step, 'insurer', c.close);
      const expected = INSURER_ALLOWED[c.key];
      if (expected) expect(d, c.key).toEqual({ ok: true, phase: expected });
      else {
        expect(d.ok, c.key).toBe(false);
        if (!d.ok) expect(d.reason, c.key).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
  });

  it('the enterprise may only withdraw (where the insurer could) besides reporting', () => {
    for (const c of all) {
      const d = decideStep(stateOf(c), c.step, 'enterprise', c.close);
      const allowed = c.step === 2 && INSURER_ALLOWED[c.key] !== undefined;
      expect(d.ok, c.key).toBe(allowed);
    }
  });

  it('the regulator and others never change a claim', () => {
    for (const actor of ACTORS.filter((a) => a !== 'enterprise' && a !== 'insurer'))
      for (const c of all) expect(decideStep(stateOf(c), c.step, actor, c.close).ok).toBe(false);
  });

  it('close without a type is refused', () => {
    expect(decideStep({ phase: 'paid', hasPayments: true, shortfall: false }, 8, 'insurer').ok).toBe(false);
  });

  it('lists the next steps and close types for the buttons', () => {
    expect(allowedSteps({ phase: 'reported', hasPayments: false, shortfall: false }, 'insurer')).toEqual([
      2, 3, 8,
    ]);
    expect(allowedSteps({ phase: 'registered', hasPayments: false, shortfall: false }, 'insurer')).toEqual([
      2, 4, 5, 6, 8,
    ]);
    expect(allowedSteps({ phase: 'assessed', hasPayments: true, shortfall: false }, 'insurer')).toEqual([
      4, 6, 7,
    ]);
    expect(allowedSteps({ phase: 'paid', hasPayments: true, shortfall: false }, 'insurer')).toEqual([8]);
    expect(allowedSteps({ phase: 'paid', hasPayments: false, shortfall: true }, 'insurer')).toEqual([7, 8]);
    expect(allowedSteps({ phase: 'paid', hasPayments: false, shortfall: true }, 'enterprise')).toEqual([]);
    expect(decideStep({ phase: 'paid', hasPayments: false, shortfall: false }, 7, 'insurer')).toEqual({
      ok: false,
      reason: '案件已按定损总金额足额赔付',
    });
    expect(allowedSteps({ phase: 'closed', hasPayments: true, shortfall: false }, 'insurer')).toEqual([]);
    expect(allowedSteps({ phase: 'registered', hasPayments: false, shortfall: false }, 'enterprise')).toEqual(
      [2],
    );
    expect(allowedSteps({ phase: 'registered', hasPayments: true, shortfall: false }, 'enterprise')).toEqual(
      [],
    );
    expect(allowedSteps({ phase: 'surveyed', hasPayments: false, shortfall: false }, 'government')).toEqual(
      [],
    );
    expect(allowedCloseTypes({ phase: 'paid', hasPayments: true, shortfall: false }, 'insurer')).toEqual([
      'paid',
    ]);
    expect(allowedCloseTypes({ phase: 'reported', hasPayments: false, shortfall: false }, 'insurer')).toEqual(
      ['withdrawn', 'invalid'],
    );
    expect(allowedCloseTypes({ phase: 'surveyed', hasPayments: false, shortfall: false }, 'insurer')).toEqual(
      ['denied', 'zero', 'withdrawn', 'invalid'],
    );
  });
});

describe('claim dates and flags', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('accident ≤ report ≤ now; each step at or after the previous one and not in the future', () => {
    const acc = new Date('2026-05-01T00:00:00Z');
    expect(reportTimeProblem(acc, new Date('2026-05-02T00:00:00Z'), now)).toBeNull();
    expect(reportTimeProblem(acc, new Date('2026-04-30T00:00:00Z'), now)).toBe('报案时间不能早于出险时间');
    expect(reportTimeProblem(new Date('2026-06-02T00:00:00Z'), new Date('2026-06-02T00:00:00Z'), now)).toBe(
      '出险时间不能晚于当前时间',
    );
    expect(reportTimeProblem(acc, new Date('2026-06-02T00:00:00Z'), now)).toBe('报案时间不能晚于当前时间');
    expect(
      stepTimeProblem(new Date('2026-05-03T00:00:00Z'), new Date('2026-05-02T00:00:00Z'), now),
    ).toBeNull();
    expect(stepTimeProblem(new Date('2026-05-01T00:00:00Z'), new Date('2026-05-02T00:00:00Z'), now)).toBe(
      '办理时间不能早于上一环节的时间',
    );
    expect(stepTimeProblem(new Date('2026-06-02T00:00:00Z'), acc, now)).toBe('办理时间不能晚于当前时间');
  });
  it('late report after the deadline; unpaid N days after registration while open', () => {
    const s = { reportDeadlineHours: 48, claimUnpaidFlagDays: 60 };
    const base = {
      phase: 'registered' as ClaimPhase,
      accidentAt: new Date('2026-03-01T00:00:00Z'),
      reportedAt: new Date('2026-03-03T00:00:00Z'),
      registeredAt: new Date('2026-03-04T00:00:00Z'),
      firstPaidAt: null,
    };
    expect(claimFlags(base, s, now)).toEqual({ lateReport: false, unpaidOverdue: true });
    expect(claimFlags({ ...base, reportedAt: new Date('2026-03-03T00:00:01Z') }, s, now).lateReport).toBe(
      true,
    );
    expect(claimFlags({ ...base, firstPaidAt: new Date('2026-03-10T00:00:00Z') }, s, now).unpaidOverdue).toBe(
      false,
    );
    expect(claimFlags({ ...base, phase: 'closed' }, s, now).unpaidOverdue).toBe(false);
    expect(
      claimFlags({ ...base, registeredAt: new Date('2026-04-15T00:00:00Z') }, s, now).unpaidOverdue,
    ).toBe(false);
    expect(claimFlags({ ...base, registeredAt: null, phase: 'reported' }, s, now).unpaidOverdue).toBe(false);
  });
});
