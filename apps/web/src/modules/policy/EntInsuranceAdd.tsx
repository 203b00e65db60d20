import { PolicyFormScreen } from './PolicyFormScreen.tsx';

/** 投保申请 (/ent/Entazx/EntInsuranceAdd/route, ?id= edits a draft or rejected application). */
export function EntInsuranceAdd() {
  return <PolicyFormScreen side="enterprise" />;
}
