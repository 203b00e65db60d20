import { describe, expect, it } from 'vitest';
import { dateStr, editMobileField, toCents } from './fields.ts';

describe('fields', () => {
  it('dateStr refuses impossible dates', () => {
    expect(dateStr.safeParse('2026-02-29').success).toBe(false);
    expect(dateStr.safeParse('2028-02-29').success).toBe(true);
    expect(dateStr.safeParse('2026/01/01').success).toBe(false);
  });
  it('money in cents is exact', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(400000)).toBe(40_000_000);
  });
  it('an edit mobile is a full mobile (+86 removed) or the masked one as shown (security P04)', () => {
    expect(editMobileField.parse('+8613905271234')).toBe('13905271234');
    expect(editMobileField.parse(' 139****1234 ')).toBe('139****1234');
    for (const bad of ['13****1234', '139***1234', '1390527123', '0527-84361234', '139****123a'])
      expect(editMobileField.safeParse(bad).error?.issues[0]?.message).toBe(
        '手机号格式不正确，请输入11位手机号',
      );
  });
});
