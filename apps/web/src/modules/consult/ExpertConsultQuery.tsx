import { AnswererConsultQuery } from './AnswererConsult.tsx';

/** /expert/center/ExpertConsultQuery/route (咨询答复). */
export function ExpertConsultQuery() {
  return <AnswererConsultQuery kind="expert" />;
}
