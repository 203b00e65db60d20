import { ClaimList } from './ClaimList.tsx';

/**
 * 理赔管理 (insurer, spec 2.3 claim manage page): claims on the policies it underwrites, with phase and
 * flag counts, filters, handling links for the lead insurer, reporting on behalf and export.
 */
export function ClaimManage() {
  return <ClaimList who="insurer" />;
}
