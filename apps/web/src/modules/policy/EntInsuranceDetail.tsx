import { PolicyDetailView } from './PolicyDetailView.tsx';

/** 保单详情 (/ent/Entazx/EntInsuranceDetail/route?id=). */
export function EntInsuranceDetail() {
  return <PolicyDetailView side="enterprise" />;
}
