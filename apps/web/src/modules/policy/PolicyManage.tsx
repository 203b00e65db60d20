import { PolicyList } from './PolicyList.tsx';

/** 保单管理 (/insurance/azx/PolicyManage/route): the insurer's policies, review of applications, export. */
export function PolicyManage() {
  return <PolicyList variant="insurer" />;
}
