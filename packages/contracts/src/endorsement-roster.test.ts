import { describe, expect, it } from 'vitest';
import { endorsementChange, endorsementInput } from './endorsement.ts';
import { rosterDuplicates, rosterProblems } from './endorsement-roster.ts';

const A = '11010519491231002X';
const B = '321302198506123018';

describe('endorsement roster', () => {
  it('accepts a replacement (one out, one in); upper-cases the ID and defaults idType and position', () => {
    const c = endorsementChange.parse({
      roster: [
        { direction: 'out', name: '张离职', idNo: B },
        { direction: 'in', name: '周新员', idNo: A.toLowerCase(), position: '操作工' },
      ],
    });
    expect(c.roster).toEqual([
      { direction: 'out', name: '张离职', idType: '01', idNo: B, position: '' },
      { direction: 'in', name: '周新员', idType: '01', idNo: A, position: '操作工' },
    ]);
  });

  it('checks type-01 ID numbers by GB 11643, but not passports', () => {
    const bad = endorsementChange.safeParse({
      roster: [{ direction: 'in', name: '周新员', idNo: '110105194912310021' }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['roster', 0, 'idNo'],
      message: '身份证号码格式或校验位不正确，请核对18位号码',
    });
    expect(
      endorsementChange.safeParse({
        roster: [{ direction: 'in', name: 'John Smith', idType: '03', idNo: 'E12345678' }],
      }).success,
    ).toBe(true);
  });

  it('refuses the same ID number twice in one request, in either direction', () => {
    const r = endorsementChange.safeParse({
      roster: [
        { direction: 'out', name: '张三', idNo: A },
        { direction: 'in', name: '张三', idNo: A.toLowerCase() },
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain('第2人的证件号码与第1人重复，同一人只能填写一次');
    expect(rosterDuplicates([{ idNo: A }, { idNo: B }, { idNo: ` ${A.toLowerCase()} ` }])).toEqual([
      { index: 2, first: 0 },
    ]);
  });

  it('keeps the earlier names-only lists, but not both forms at once; refuses unknown directions', () => {
    expect(endorsementChange.safeParse({ headcount: 11, personsIn: ['周新员'] }).success).toBe(true);
    expect(
      endorsementChange.safeParse({
        personsIn: ['周新员'],
        roster: [{ direction: 'in', name: '周新员', idNo: A }],
      }).success,
    ).toBe(false);
    expect(
      endorsementChange.safeParse({ roster: [{ direction: 'up', name: '周新员', idNo: A }] }).success,
    ).toBe(false);
    expect(endorsementChange.safeParse({ roster: [] }).success).toBe(false);
    const full = endorsementInput.parse({
      policyId: 1,
      policyVersion: 1,
      type: '01',
      reason: '新招员工',
      effectiveDate: '2026-07-01',
      change: { roster: [{ direction: 'in', name: '周新员', idNo: A }] },
    });
    expect(full.change.roster?.[0]?.idNo).toBe(A);
  });

  it('rosterProblems gives the form the same messages, line by line', () => {
    expect(
      rosterProblems([
        { name: '周', idNo: A },
        { name: '李四', idNo: '110105194912310021' },
        { name: '王五', idNo: '' },
        { name: '赵六', idNo: A },
        { name: 'Tom Lee', idType: '03', idNo: 'E12345678' },
      ]).map((p) => p.message),
    ).toEqual([
      '第1人：姓名须为2-20个字',
      '第2人：身份证号码格式或校验位不正确，请核对18位号码',
      '第3人：请输入证件号码',
      '第4人的证件号码与第1人重复，同一人只能填写一次',
    ]);
  });
});
