import { PolicyDetailView, type Side } from '../policy/index.ts';
import { EndorsementTable } from './EndorsementTable.tsx';

/*
 * The policy detail screens are composed here: the detail view is the policy module's, its 批改记录 tab
 * lists the policy's endorsements from this module (endorsement depends on policy, never the reverse).
 */
const endorsementsOf = (side: Side) => (policyId: number) => (
  <EndorsementTable side={side} policyId={policyId} compact />
);

/** 保单详情 (/insurance/azx/PolicyDetail/route?id=): with review, versions and endorsements. */
export function PolicyDetail() {
  return <PolicyDetailView side="insurer" endorsements={endorsementsOf('insurer')} />;
}

/** 保单详情 (/ent/Entazx/EntInsuranceDetail/route?id=). */
export function EntInsuranceDetail() {
  return <PolicyDetailView side="enterprise" endorsements={endorsementsOf('enterprise')} />;
}
