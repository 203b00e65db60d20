import { ConsultManage } from './ConsultManage.tsx';

/** /admin/content/AdminConsult/route (咨询管理, operations admin: answer, close, publish, delete). */
export function AdminConsult() {
  return <ConsultManage />;
}
