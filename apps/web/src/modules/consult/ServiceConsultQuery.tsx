import { AnswererConsultQuery } from './AnswererConsult.tsx';

/** /service/center/ServiceConsultQuery/route (咨询答复). */
export function ServiceConsultQuery() {
  return <AnswererConsultQuery kind="service" />;
}
