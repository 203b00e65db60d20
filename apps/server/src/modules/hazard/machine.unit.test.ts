import { describe, expect, it } from 'vitest';
import {
  type HazardAction,
  hazardActionProblem,
  initialStatus,
  registrationProblem,
  statusAfter,
} from './machine.ts';

/** The rectification machine as a table: every state (spec 4) × action × level × plan. */
const STATES = [-1, 0, 1, 2] as const;
const ACTIONS: HazardAction[] = ['rectify', 'pass', 'reject', 'governancePlan'];

describe('hazard rectification machine', () => {
  it('allows exactly the transitions of domain 3.6', () => {
    const allowed: string[] = [];
    for (const s of STATES)
      for (const level of [1, 2])
        for (const hasGovernancePlan of [false, true])
          for (const a of ACTIONS)
            if (hazardActionProblem({ rectifyStatus: s, level, hasGovernancePlan }, a) === null)
              allowed.push(`${s}:${level}:${hasGovernancePlan ? 'P' : '-'}:${a}`);
    expect(allowed.sort()).toEqual(
      [
        // −1 待整改 and 2 已驳回: the enterprise submits; a major one may get its plan.
        '-1:1:-:rectify',
        '-1:1:P:rectify',
        '-1:2:-:rectify',
        '-1:2:P:rectify',
        '-1:2:-:governancePlan',
        '-1:2:P:governancePlan',
        '2:1:-:rectify',
        '2:1:P:rectify',
        '2:2:-:rectify',
        '2:2:P:rectify',
        '2:2:-:governancePlan',
        '2:2:P:governancePlan',
        // 0 待审核: the checker passes (a major one only with its plan) or rejects.
        '0:1:-:pass',
        '0:1:P:pass',
        '0:2:P:pass',
        '0:1:-:reject',
        '0:1:P:reject',
        '0:2:-:reject',
        '0:2:P:reject',
        '0:2:-:governancePlan',
        '0:2:P:governancePlan',
        // 1 已完成 is terminal.
      ].sort(),
    );
  });

  it('says why in Chinese', () => {
    expect(hazardActionProblem({ rectifyStatus: 0, level: 2, hasGovernancePlan: false }, 'pass')).toBe(
      '重大隐患须先由企业制定治理方案，才能通过验收',
    );
    expect(hazardActionProblem({ rectifyStatus: 1, level: 1, hasGovernancePlan: false }, 'rectify')).toBe(
      '该隐患当前为“已完成”，不能提交整改',
    );
    expect(
      hazardActionProblem({ rectifyStatus: -1, level: 1, hasGovernancePlan: false }, 'governancePlan'),
    ).toBe('只有重大隐患需要制定治理方案');
  });

  it('leads to the spec 4 codes; fix-immediately starts at 0; a major one cannot be fixed immediately', () => {
    expect([statusAfter('rectify'), statusAfter('pass'), statusAfter('reject')]).toEqual([0, 1, 2]);
    expect([initialStatus(false), initialStatus(true)]).toEqual([-1, 0]);
    expect(registrationProblem({ level: 2, fixImmediately: true })).not.toBeNull();
    expect(registrationProblem({ level: 1, fixImmediately: true })).toBeNull();
  });
});
