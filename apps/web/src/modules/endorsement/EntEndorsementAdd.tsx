import { EndorsementForm } from './EndorsementForm.tsx';

/** 批改申请 (/ent/Entazx/EntEndorsementAdd/route, ?policyId= preselects the policy). */
export function EntEndorsementAdd() {
  return <EndorsementForm />;
}
