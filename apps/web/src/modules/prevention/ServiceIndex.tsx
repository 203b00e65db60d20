import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, List, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { AP_KEY, apApi, type PlanRow } from './api.ts';
import { plannedText } from './core-parts.tsx';
import { AP_PATHS, type Provider } from './core-paths.ts';

const FIGURES = [
  ['pending', '待服务'],
  ['inProgress', '服务中'],
  ['done', '已完成'],
  ['awaitingVisitConfirm', '待企业确认时间'],
  ['awaitingRecordConfirm', '待企业确认记录'],
  ['followUpsDue', '待回访'],
] as const;

function PlanLines({
  rows,
  empty,
  open,
  testId,
}: {
  rows: PlanRow[];
  empty: string;
  open: (r: PlanRow) => void;
  testId: string;
}) {
  return (
    <List<PlanRow>
      size="small"
      data-testid={testId}
      dataSource={rows}
      locale={{ emptyText: empty }}
      renderItem={(r) => (
        <List.Item
          actions={[
            <Button key="go" onClick={() => open(r)} style={{ minHeight: 40 }}>
              {r.status === 2 ? '查看' : '填写记录'}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={
              <Space wrap>
                <Typography.Link onClick={() => open(r)}>{r.name}</Typography.Link>
                <Tag>{r.statusLabel}</Tag>
              </Space>
            }
            description={`${r.enterpriseName} · ${r.itemLabel} · ${plannedText(r.plannedStart, r.plannedEnd)}`}
          />
        </List.Item>
      )}
    />
  );
}

/** 工作台 (service organisation / expert): today's visits, overdue plans and the counts of its plans. */
function ProviderIndex({ who }: { who: Provider }) {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: [AP_KEY, 'workbench'], queryFn: apApi.workbench });
  const open = (r: PlanRow) => navigate(`${AP_PATHS.providerAp(who)}?planId=${r.id}`);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[12, 12]}>
        {FIGURES.map(([k, label]) => (
          <Col key={k} xs={12} sm={8} lg={4}>
            <Card size="small" loading={q.isLoading} data-testid={`wb-${k}`}>
              <Statistic title={label} value={q.data?.counts[k] ?? 0} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={`今日服务（${q.data?.today.length ?? 0}）`} loading={q.isLoading}>
        <PlanLines rows={q.data?.today ?? []} empty="今日没有安排上门服务" open={open} testId="wb-today" />
      </Card>
      <Card size="small" title={`逾期未完成（${q.data?.overdue.length ?? 0}）`} loading={q.isLoading}>
        <PlanLines rows={q.data?.overdue ?? []} empty="没有逾期的服务计划" open={open} testId="wb-overdue" />
      </Card>
    </Space>
  );
}

export function ServiceIndex() {
  return <ProviderIndex who="service" />;
}
export function ExpertIndex() {
  return <ProviderIndex who="expert" />;
}
