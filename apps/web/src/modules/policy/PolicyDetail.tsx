import { PolicyDetailView } from './PolicyDetailView.tsx';

/** 保单详情 (/insurance/azx/PolicyDetail/route?id=): with review, versions and endorsements. */
export function PolicyDetail() {
  return <PolicyDetailView side="insurer" />;
}
