import { ClaimList } from './ClaimList.tsx';

/** 理赔管理 (enterprise): its own claims with phase counts, filters and the report button. */
export function EntClaimManage() {
  return <ClaimList who="enterprise" />;
}
