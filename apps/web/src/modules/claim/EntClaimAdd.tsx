import { ReportForm } from './ReportForm.tsx';

/** 报案 (enterprise): report an accident on one of its policies. */
export function EntClaimAdd() {
  return <ReportForm who="enterprise" />;
}
