import { ConsultManage } from './ConsultManage.tsx';

/** /government/govInfo/GovConsult/route (咨询管理, bureau: answer, close, publish; no delete). */
export function GovConsult() {
  return <ConsultManage />;
}
