import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { Action } from '../../platform/access.tsx';
import { PublishedDocsTable } from '../insurer/index.ts';
import { policyApi } from './api.ts';
import { PolicyList } from './PolicyList.tsx';
import { PATHS } from './paths.ts';

/**
 * 投保管理 (/ent/Entazx/EntInsuranceManage/route): the enterprise's applications and policies, with a
 * renewal reminder while a policy is about to expire (no delayed renewal, domain 1.3), and the policy
 * wordings and rate tables every insurer published (tab 保险条款与费率, ?tab=docs).
 */
function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const DOCS_TAB = 'docs';

export function EntInsuranceManage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === DOCS_TAB ? DOCS_TAB : 'policies';
  const expiring = useQuery({
    queryKey: ['policy', 'list', 'expiring'],
    queryFn: () => policyApi.list({ pageNo: 1, pageSize: 5, state: 'expiring' }),
  });
  const rules = useQuery({ queryKey: ['policy', 'rules'], queryFn: policyApi.rules, staleTime: 60_000 });
  const soon = expiring.data?.list[0];
  // Renewed already when a later policy follows it: the earliest new start then lies beyond its end + 1 day.
  const next = rules.data?.nextStartDate ?? null;
  const renewed = soon !== undefined && next !== null && next > dayAfter(soon.endDate);
  const policies = (
    <>
      {soon && rules.data && !renewed ? (
        <Alert
          type="warning"
          showIcon
          style={{ margin: '0 0 16px' }}
          message={`保单 ${soon.policyNo ?? soon.applicationNo} 将于 ${soon.endDate} 到期，请及时办理续保，避免脱保`}
          action={
            <Action name="add">
              <Button size="small" type="primary" onClick={() => navigate(PATHS.entAdd)}>
                续保申请
              </Button>
            </Action>
          }
        />
      ) : null}
      <PolicyList variant="entManage" />
    </>
  );
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === DOCS_TAB ? { tab: DOCS_TAB } : {}, { replace: true })}
      destroyOnHidden
      items={[
        { key: 'policies', label: '我的投保', children: policies },
        { key: DOCS_TAB, label: '保险条款与费率', children: <PublishedDocsTable /> },
      ]}
    />
  );
}
