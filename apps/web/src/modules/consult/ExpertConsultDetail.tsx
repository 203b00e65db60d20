import { AnswererConsultDetail } from './AnswererConsult.tsx';

/** /expert/center/ExpertConsultDetail/route?id= (咨询详情, answer form). */
export function ExpertConsultDetail() {
  return <AnswererConsultDetail kind="expert" />;
}
