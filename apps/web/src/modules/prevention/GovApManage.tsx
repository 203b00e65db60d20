import { useNavigate } from 'react-router';
import { ProjectList } from './core-ProjectList.tsx';
import { AP_PATHS } from './core-paths.ts';

/** 服务管理 (regulator): the prevention projects of its districts, by state, with their progress. */
export function GovApManage() {
  const navigate = useNavigate();
  return <ProjectList who="government" onOpen={(r) => navigate(`${AP_PATHS.govDetail}?projectId=${r.id}`)} />;
}
