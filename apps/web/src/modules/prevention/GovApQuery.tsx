import { useNavigate } from 'react-router';
import { PlanList } from './core-PlanList.tsx';
import { AP_PATHS } from './core-paths.ts';

/** 服务查询 (regulator): every prevention service of its districts, filtered, exported to .xlsx. */
export function GovApQuery() {
  const navigate = useNavigate();
  return (
    <PlanList
      who="government"
      title="事故预防服务查询"
      exportable
      onOpen={(r) => navigate(`${AP_PATHS.govDetail}?id=${r.id}`)}
      emptyText="没有符合条件的服务记录"
    />
  );
}
