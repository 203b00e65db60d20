import { useNavigate } from 'react-router';
import { ProjectPage } from './core-ProjectPage.tsx';
import { ProjectView } from './core-ProjectView.tsx';
import { PlanPage, useIdParam } from './core-parts.tsx';
import { AP_PATHS } from './core-paths.ts';

/**
 * 服务详情 (regulator, read-only): a service record with its photos and hazards (?id= plan), or a
 * project with its plans, hazards and fund (?projectId=).
 */
export function GovApDetail() {
  const navigate = useNavigate();
  const projectId = useIdParam('projectId');
  if (projectId !== null)
    return (
      <ProjectPage param="projectId" back={AP_PATHS.govManage}>
        {(project) => (
          <ProjectView
            project={project}
            who="government"
            onOpenPlan={(r) => navigate(`${AP_PATHS.govDetail}?id=${r.id}`)}
          />
        )}
      </ProjectPage>
    );
  return <PlanPage back={AP_PATHS.govQuery} />;
}
