import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Action } from '../../platform/access.tsx';
import { FundLedger } from './core-FundLedger.tsx';
import { PlanList } from './core-PlanList.tsx';
import { ProjectFormModal } from './core-ProjectForm.tsx';
import { ProjectList } from './core-ProjectList.tsx';
import { AP_PATHS } from './core-paths.ts';

type Tab = 'projects' | 'plans' | 'fund';

/**
 * 预防服务管理 (insurer landing): its prevention projects by state (create/edit), every plan and record
 * of them (export), and the 费用台账 of its policies. The tab is in the URL (?tab=fund).
 */
export function InsuranceApManage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = (
    ['projects', 'plans', 'fund'].includes(params.get('tab') ?? '') ? params.get('tab') : 'projects'
  ) as Tab;
  // From the pool: ?newProject=1&serviceOrgId= (a service organisation, or a service organisation's
  // expert) or &expertOrgId= (an expert's panel) opens the form with it chosen.
  const presetOrg = Number(params.get('serviceOrgId')) || undefined;
  const presetExpertOrg = Number(params.get('expertOrgId')) || undefined;
  const [creating, setCreating] = useState(params.get('newProject') === '1');
  return (
    <Card variant="borderless" styles={{ body: { paddingTop: 0 } }}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'projects' ? {} : { tab: k }, { replace: true })}
        data-testid="insurer-ap-tabs"
        items={[
          {
            key: 'projects',
            label: '预防项目',
            children: (
              <ProjectList
                who="insurer"
                onOpen={(r) => navigate(`${AP_PATHS.insurerDetail}?id=${r.id}`)}
                toolbar={[
                  <Action key="add" name="add">
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                      新建项目
                    </Button>
                  </Action>,
                ]}
              />
            ),
          },
          {
            key: 'plans',
            label: '服务计划与记录',
            children: (
              <PlanList
                who="insurer"
                title="服务计划与记录"
                exportable
                onOpen={(r) => navigate(`${AP_PATHS.insurerDetail}?planId=${r.id}`)}
              />
            ),
          },
          { key: 'fund', label: '费用台账', children: <FundLedger editable /> },
        ]}
      />
      <ProjectFormModal
        open={creating}
        project={null}
        {...(presetOrg || presetExpertOrg
          ? {
              preset: {
                ...(presetOrg ? { serviceOrgId: presetOrg } : {}),
                ...(presetExpertOrg ? { expertOrgIds: [presetExpertOrg] } : {}),
              },
            }
          : {})}
        onClose={() => setCreating(false)}
        onSaved={(id) => navigate(`${AP_PATHS.insurerDetail}?id=${id}`)}
      />
    </Card>
  );
}
