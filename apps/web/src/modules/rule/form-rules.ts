/** Rules library: dates and the status rules of domain.md 3.8, as the server checks them. */
export interface RuleDates {
  publishDate?: string;
  effectiveDate?: string | null;
  status?: string;
  revisedById?: number | null;
  repealedDate?: string | null;
}
export function ruleProblems(v: RuleDates): Partial<Record<keyof RuleDates, string>> {
  const out: Partial<Record<keyof RuleDates, string>> = {};
  if (v.publishDate && v.effectiveDate && v.effectiveDate < v.publishDate)
    out.effectiveDate = '实施日期不能早于发布日期';
  if (v.status === 'revised' && !v.revisedById) out.revisedById = '已修订的法规须选择修订后的新版本';
  if (v.status === 'repealed') {
    if (!v.repealedDate) out.repealedDate = '已废止的法规须填写废止日期';
    else if (v.publishDate && v.repealedDate < v.publishDate) out.repealedDate = '废止日期不能早于发布日期';
  }
  return out;
}
