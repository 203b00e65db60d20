import { AnswererConsultDetail } from './AnswererConsult.tsx';

/** /service/center/ServiceConsultDetail/route?id= (咨询详情, answer form). */
export function ServiceConsultDetail() {
  return <AnswererConsultDetail kind="service" />;
}
