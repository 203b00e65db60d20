import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, List, Space, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { countText, dateTimeText } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { AP_KEY, apApi, type PlanDetail, type PlanRow } from './api.ts';
import { PlanFormModal } from './core-PlanForm.tsx';
import { PlanList } from './core-PlanList.tsx';
import { ProjectList } from './core-ProjectList.tsx';
import { PlanPage, PlanView, plannedText } from './core-parts.tsx';
import { AP_PATHS, type Provider } from './core-paths.ts';
import { RecordForm, removeDraft } from './core-RecordForm.tsx';

/** What a provider must do next about a plan. */
export function providerTodo(r: PlanRow): string {
  if (r.status === 2) return r.recordState === 'submitted' ? '待企业确认记录' : '已完成';
  if (r.visitState === 'unconfirmed') return '待企业确认时间';
  return r.status === 1 ? '继续填写记录' : '待上门服务';
}

/** The plan in a few lines above the record form (the phone shows little at once). */
function PlanHeader({ plan }: { plan: PlanDetail }) {
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="plan-card">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="被服务单位">{plan.enterpriseName}</Descriptions.Item>
        <Descriptions.Item label="服务项目">
          {plan.itemLabel}
          {plan.subTypeLabel ? ` / ${plan.subTypeLabel}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="计划时间">
          {plannedText(plan.plannedStart, plan.plannedEnd)}
        </Descriptions.Item>
        <Descriptions.Item label="地点">{plan.address || '-'}</Descriptions.Item>
        <Descriptions.Item label="企业确认">
          <Tag color={plan.visitState === 'confirmed' ? 'success' : 'warning'}>{plan.visitStateLabel}</Tag>
          {plan.visitConfirmedAt ? dateTimeText(plan.visitConfirmedAt) : ''}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** A record that can no longer be edited: shown read-only, and a draft left on this device is dropped. */
function SubmittedPlan({ plan }: { plan: PlanDetail }) {
  useEffect(() => {
    if (plan.status === 2) void removeDraft(plan.id);
  }, [plan.id, plan.status]);
  return <PlanView plan={plan} />;
}

/** The provider's plan page: the record form while it may be filled, else the plan read-only. */
function ProviderPlan({ who }: { who: Provider }) {
  const navigate = useNavigate();
  return (
    <PlanPage
      param="planId"
      back={AP_PATHS.providerAp(who)}
      actions={(plan) =>
        plan.actions.followUp ? (
          <Action permission="ap.edit">
            <Button onClick={() => navigate(`${AP_PATHS.providerFollow(who)}?planId=${plan.id}`)}>
              回访
            </Button>
          </Action>
        ) : null
      }
    >
      {(plan) =>
        plan.actions.saveRecord ? (
          <>
            <PlanHeader plan={plan} />
            <RecordForm plan={plan} />
          </>
        ) : (
          <SubmittedPlan plan={plan} />
        )
      }
    </PlanPage>
  );
}

/**
 * 预防服务 (service organisation / expert landing): the plans assigned to it with its to-dos first, the
 * projects it serves (create a plan on one), and a plan opened by ?planId= to fill its record.
 */
function ProviderAp({ who }: { who: Provider }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [planningFor, setPlanningFor] = useState<number | null>(null);
  const todos = useQuery({
    queryKey: [AP_KEY, 'plans', 'provider-todo'],
    queryFn: () => apApi.plans({ todo: true, pageNo: 1, pageSize: 10 }),
    enabled: !params.get('planId'),
  });
  if (params.get('planId')) return <ProviderPlan who={who} />;
  const open = (r: PlanRow) => navigate(`${AP_PATHS.providerAp(who)}?planId=${r.id}`);
  const items = todos.data?.list ?? [];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        title={`待办（${countText(todos.data ?? { total: 0 })}）`}
        loading={todos.isLoading}
        data-testid="provider-todos"
      >
        {items.length ? (
          <List<PlanRow>
            size="small"
            dataSource={items}
            renderItem={(r) => (
              <List.Item
                actions={[
                  <Button key="go" type="primary" onClick={() => open(r)} style={{ minHeight: 40 }}>
                    {r.status === 2 ? '查看' : '填写记录'}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <Typography.Link onClick={() => open(r)}>{r.name}</Typography.Link>
                      <Tag color="processing">{providerTodo(r)}</Tag>
                    </Space>
                  }
                  description={`${r.enterpriseName} · ${r.itemLabel} · ${plannedText(r.plannedStart, r.plannedEnd)}`}
                />
              </List.Item>
            )}
          />
        ) : (
          <Typography.Text type="secondary">暂无待办服务</Typography.Text>
        )}
      </Card>
      <Card variant="borderless" styles={{ body: { paddingTop: 0 } }}>
        <Tabs
          items={[
            {
              key: 'plans',
              label: '服务计划',
              children: (
                <PlanList
                  who="provider"
                  title="承接的服务计划"
                  onOpen={open}
                  emptyText="暂无承接的服务计划"
                />
              ),
            },
            {
              key: 'projects',
              label: '服务项目',
              children: (
                <ProjectList
                  who="provider"
                  onOpen={(r) => setPlanningFor(r.id)}
                  extraAction={(r) => (
                    <Action permission="ap.add">
                      <Typography.Link onClick={() => setPlanningFor(r.id)}>
                        <PlusOutlined /> 制定计划
                      </Typography.Link>
                    </Action>
                  )}
                />
              ),
            },
          ]}
        />
      </Card>
      <PlanFormModal
        open={planningFor !== null}
        projectId={planningFor}
        onClose={() => setPlanningFor(null)}
        onSaved={(id) => navigate(`${AP_PATHS.providerAp(who)}?planId=${id}`)}
      />
    </Space>
  );
}

export function ServiceAp() {
  return <ProviderAp who="service" />;
}
export function ExpertAp() {
  return <ProviderAp who="expert" />;
}
