import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { countText } from '../../components/index.ts';
import { PendingRatings } from '../evaluation/index.ts';
import { HazardTodoCard } from '../hazard/index.ts';
import { AP_KEY, apApi, type PlanRow } from './api.ts';
import { PlanList } from './core-PlanList.tsx';
import { plannedText } from './core-parts.tsx';
import { AP_PATHS } from './core-paths.ts';

/** What the enterprise must do about a plan: confirm the visit (AQ 9010) or the submitted record. */
export function todoOf(r: PlanRow): string | null {
  if (r.recordState === 'submitted') return '确认服务记录';
  if (r.visitState === 'unconfirmed' && r.status !== 2) return '确认服务时间';
  return null;
}

/**
 * 预防服务 (enterprise landing): the visits and records waiting for its confirmation on top, then every
 * service received or planned for it with its status.
 */
export function EntAPQuery() {
  const navigate = useNavigate();
  const open = (r: PlanRow) => navigate(`${AP_PATHS.entDetail}?id=${r.id}`);
  const todos = useQuery({
    queryKey: [AP_KEY, 'plans', 'ent-todo'],
    queryFn: () => apApi.plans({ todo: true, pageNo: 1, pageSize: 20 }),
  });
  const items = todos.data?.list ?? [];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        title={`待办（${countText(todos.data ?? { total: 0 })}）`}
        data-testid="ent-ap-todos"
        loading={todos.isLoading}
      >
        {items.length ? (
          <List<PlanRow>
            size="small"
            dataSource={items}
            renderItem={(r) => (
              <List.Item
                actions={[
                  <Button key="go" type="primary" size="small" onClick={() => open(r)}>
                    {todoOf(r) ?? '查看'}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <Typography.Link onClick={() => open(r)}>{r.name}</Typography.Link>
                      <Tag color={r.recordState === 'submitted' ? 'processing' : 'warning'}>
                        {todoOf(r) ?? r.statusLabel}
                      </Tag>
                    </Space>
                  }
                  description={`${r.itemLabel} · ${r.providerName} · ${plannedText(r.plannedStart, r.plannedEnd)}`}
                />
              </List.Item>
            )}
          />
        ) : (
          <Typography.Text type="secondary">暂无需要确认的服务</Typography.Text>
        )}
      </Card>
      <HazardTodoCard />
      <PendingRatings />
      <PlanList
        who="enterprise"
        title="本企业预防服务"
        onOpen={open}
        emptyText="暂无预防服务，保险机构安排服务后将显示在这里"
      />
    </Space>
  );
}
