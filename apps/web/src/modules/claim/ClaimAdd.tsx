import { ReportForm } from './ReportForm.tsx';

/** 新增理赔 (insurer): register a report made by an enterprise (phone, letter) on its behalf. */
export function ClaimAdd() {
  return <ReportForm who="insurer" />;
}
