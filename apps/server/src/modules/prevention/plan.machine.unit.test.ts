import { effectiveProjectState, type FundState, fundState, type ProjectState } from '@aqzrx/contracts';
import { describe, expect, it } from 'vitest';
import {
  addPlanProblem,
  type PlanAction,
  type PlanState,
  planActionProblem,
  projectStateFor,
} from './plan.machine.ts';

/**
 * The state machines of domain 3.5 as tables written out independently of the implementation: every
 * plan state × action, the project state from its plans and period, and the fund state.
 */

const ACTIONS: PlanAction[] = [
  'edit',
  'confirmVisit',
  'saveRecord',
  'submitRecord',
  'confirmRecord',
  'followUp',
];

/** Each reachable plan state, named, and the actions it allows (everything else is refused). */
const PLAN_TABLE: Array<[string, PlanState, PlanAction[]]> = [
  [
    '待服务, visit unconfirmed',
    { status: 0, visitState: 'unconfirmed', recordState: null, followedUp: false },
    ['edit', 'confirmVisit', 'saveRecord', 'submitRecord'],
  ],
  [
    '待服务, visit confirmed',
    { status: 0, visitState: 'confirmed', recordState: null, followedUp: false },
    ['edit', 'saveRecord', 'submitRecord'],
  ],
  [
    '服务中 (draft), visit unconfirmed',
    { status: 1, visitState: 'unconfirmed', recordState: 'draft', followedUp: false },
    ['edit', 'confirmVisit', 'saveRecord', 'submitRecord'],
  ],
  [
    '服务中 (draft), visit confirmed',
    { status: 1, visitState: 'confirmed', recordState: 'draft', followedUp: false },
    ['edit', 'saveRecord', 'submitRecord'],
  ],
  [
    '已完成, record submitted',
    { status: 2, visitState: 'confirmed', recordState: 'submitted', followedUp: false },
    ['confirmRecord', 'followUp'],
  ],
  [
    '已完成, submitted without a visit confirmation',
    { status: 2, visitState: 'unconfirmed', recordState: 'submitted', followedUp: false },
    ['confirmRecord', 'followUp'],
  ],
  [
    '已完成, record confirmed',
    { status: 2, visitState: 'confirmed', recordState: 'confirmed', followedUp: false },
    ['followUp'],
  ],
  [
    '已完成, submitted and followed up',
    { status: 2, visitState: 'confirmed', recordState: 'submitted', followedUp: true },
    ['confirmRecord'],
  ],
  [
    '已完成, confirmed and followed up',
    { status: 2, visitState: 'confirmed', recordState: 'confirmed', followedUp: true },
    [],
  ],
];

describe('plan state × action', () => {
  const rows = PLAN_TABLE.flatMap(([name, state, allowed]) =>
    ACTIONS.map((action) => [name, action, state, allowed.includes(action)] as const),
  );
  it.each(rows)('%s: %s → allowed %s', (_name, action, state, allowed) => {
    const problem = planActionProblem(state, action);
    if (allowed) expect(problem).toBeNull();
    else expect(problem, `${action} should be refused`).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('names the reason a submitted record cannot be changed', () => {
    const s: PlanState = { status: 2, visitState: 'confirmed', recordState: 'submitted', followedUp: false };
    expect(planActionProblem(s, 'saveRecord')).toBe('服务记录已提交，不能再修改');
    expect(planActionProblem(s, 'edit')).toBe('服务记录已提交，服务计划不能再修改');
    expect(planActionProblem({ ...s, recordState: null, status: 0 }, 'confirmRecord')).toBe(
      '服务记录尚未提交，不能确认',
    );
  });
});

describe('project state', () => {
  const items = [
    { item: '03', subType: '301', frequency: 2 },
    { item: '01', subType: null, frequency: 1 },
  ];
  const TABLE: Array<[string, Parameters<typeof projectStateFor>[0]['plans'], ProjectState]> = [
    ['no plan → 待制定计划', [], 1],
    ['first plan → 进行中', [{ item: '03', subType: '301', n: 1, done: 0 }], 2],
    ['some plans done → 进行中', [{ item: '03', subType: '301', n: 2, done: 1 }], 2],
    [
      'every plan done but item 03 short of its frequency → 进行中',
      [
        { item: '03', subType: '301', n: 1, done: 1 },
        { item: '01', subType: null, n: 1, done: 1 },
      ],
      2,
    ],
    [
      'every plan done and every frequency reached → 已完成',
      [
        { item: '03', subType: '301', n: 2, done: 2 },
        { item: '01', subType: '102', n: 1, done: 1 },
      ],
      3,
    ],
    [
      'frequencies reached but one more plan open → 进行中',
      [
        { item: '03', subType: '301', n: 3, done: 2 },
        { item: '01', subType: null, n: 1, done: 1 },
      ],
      2,
    ],
    [
      'done plans of another sub-type do not count for 03/301 → 进行中',
      [
        { item: '03', subType: '302', n: 2, done: 2 },
        { item: '01', subType: null, n: 1, done: 1 },
      ],
      2,
    ],
  ];
  it.each(TABLE)('%s', (_name, plans, state) => {
    expect(projectStateFor({ items, plans })).toBe(state);
  });

  it.each([
    [1, '2026-12-31', 1],
    [2, '2026-12-31', 2],
    [3, '2026-12-31', 3],
    [1, '2026-05-31', 3],
    [2, '2026-05-31', 3],
    [3, '2026-05-31', 3],
    [2, '2026-06-01', 2],
  ] as const)('stored %s, period to %s, on 2026-06-01 → %s', (stored, end, shown) => {
    expect(effectiveProjectState(stored, end, '2026-06-01')).toBe(shown);
  });

  it.each([
    [1, null],
    [2, null],
    [3, '项目已完成或已到期，不能再制定服务计划'],
  ] as const)('a plan added in state %s → %s', (s, problem) => {
    expect(addPlanProblem(s)).toBe(problem);
  });
});

describe('fund state (待计提 → 可使用 → 使用中 → 已核销)', () => {
  it.each([
    [0, 0, false, 'pending'],
    [228000, 0, false, 'available'],
    [228000, 30000, false, 'inUse'],
    [228000, 228000, false, 'inUse'],
    [228000, 30000, true, 'writtenOff'],
    [0, 0, true, 'writtenOff'],
  ] as Array<[number, number, boolean, FundState]>)(
    'accrued %s, spent %s, written off %s → %s',
    (a, s, w, state) => {
      expect(fundState(a, s, w)).toBe(state);
    },
  );
});
