import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Action } from '../../platform/access.tsx';
import { PlanFormModal } from './core-PlanForm.tsx';
import { ProjectFormModal } from './core-ProjectForm.tsx';
import { ProjectPage } from './core-ProjectPage.tsx';
import { ProjectView } from './core-ProjectView.tsx';
import { PlanPage, useIdParam } from './core-parts.tsx';
import { AP_PATHS } from './core-paths.ts';

/**
 * 服务详情 (insurer): a project (?id=) with its plans and records, hazards found and fund — edit it and
 * add plans — or one plan and its record (?planId=).
 */
export function InsuranceApDetail() {
  const navigate = useNavigate();
  const planId = useIdParam('planId');
  const [editing, setEditing] = useState(false);
  const [planning, setPlanning] = useState(false);
  if (planId !== null)
    return (
      <PlanPage
        param="planId"
        back={`${AP_PATHS.insurerManage}?tab=plans`}
        actions={(plan) => (
          <Button onClick={() => navigate(`${AP_PATHS.insurerDetail}?id=${plan.projectId}`)}>查看项目</Button>
        )}
      />
    );
  return (
    <ProjectPage
      back={AP_PATHS.insurerManage}
      actions={(project) => (
        <Space wrap>
          {project.actions.edit ? (
            <Action permission="ap.edit">
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                编辑项目
              </Button>
            </Action>
          ) : null}
        </Space>
      )}
    >
      {(project) => (
        <>
          <ProjectView
            project={project}
            who="insurer"
            onOpenPlan={(r) => navigate(`${AP_PATHS.insurerDetail}?planId=${r.id}`)}
            planToolbar={
              project.actions.addPlan
                ? [
                    <Action key="add" permission="ap.add">
                      <Button type="primary" icon={<PlusOutlined />} onClick={() => setPlanning(true)}>
                        新建服务计划
                      </Button>
                    </Action>,
                  ]
                : []
            }
          />
          <ProjectFormModal open={editing} project={project} onClose={() => setEditing(false)} />
          <PlanFormModal open={planning} projectId={project.id} onClose={() => setPlanning(false)} />
        </>
      )}
    </ProjectPage>
  );
}
