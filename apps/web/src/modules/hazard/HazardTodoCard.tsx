import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Space, Statistic, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { countText, type PageResult } from '../../components/index.ts';
import { HAZARD_KEY, type HazardItem, hazardApi } from './api.ts';
import { DeadlineText, LevelTag, StateCell } from './parts.tsx';
import { HAZARD_PATHS } from './paths.ts';

/** What the enterprise must do about an open hazard. */
export function hazardTodoOf(h: Pick<HazardItem, 'rectifyStatus' | 'level' | 'hasGovernancePlan'>): string {
  if (h.rectifyStatus === 0) return '等待审核';
  if (h.rectifyStatus === 2) return '重新整改';
  if (h.level === 2 && !h.hasGovernancePlan) return '制定治理方案';
  return '提交整改';
}

/** One count of the card ("10,000+" when the server capped it); `alert`: red when there is any. */
function Count({ title, page, alert }: { title: string; page?: PageResult<HazardItem>; alert?: boolean }) {
  return (
    <Statistic
      title={title}
      value={page?.total ?? 0}
      formatter={() => countText(page ?? { total: 0 })}
      suffix="项"
      valueStyle={alert && page?.total ? { color: '#cf1322' } : undefined}
    />
  );
}

/**
 * 隐患待办 on the enterprise's landing page: the hazards still open (to rectify, rejected, under review),
 * how many are overdue or major, and the self-check hazards waiting for its own acceptance; each opens the
 * hazard in 隐患排查治理 (?id=).
 */
export function HazardTodoCard() {
  const navigate = useNavigate();
  const open = (id?: number, tab = 'todo') =>
    navigate(`${HAZARD_PATHS.entDangerCheck}?tab=${tab}${id ? `&id=${id}` : ''}`);
  const q = useQuery({
    queryKey: [HAZARD_KEY, 'ent-todo'],
    queryFn: async () => {
      const [openList, overdue, major, accept] = await Promise.all([
        hazardApi.list({ open: 'true', pageNo: 1, pageSize: 5 }),
        hazardApi.list({ open: 'true', overdue: 'true', pageNo: 1, pageSize: 1 }),
        hazardApi.list({ open: 'true', level: 2, pageNo: 1, pageSize: 1 }),
        hazardApi.list({ toReview: 'true', pageNo: 1, pageSize: 1 }),
      ]);
      return { openList, overdue, major, accept };
    },
  });
  const d = q.data;
  const items = d?.openList.list ?? [];
  return (
    <Card
      size="small"
      title={`隐患待办（${d ? countText(d.openList) : 0}）`}
      data-testid="ent-hazard-todos"
      loading={q.isLoading}
      extra={
        <Typography.Link onClick={() => open()} data-testid="ent-hazard-all">
          隐患排查治理
        </Typography.Link>
      }
    >
      <Space size={32} wrap style={{ marginBottom: items.length ? 8 : 0 }}>
        <Count title="未完成整改" page={d?.openList} />
        <Count title="已逾期" page={d?.overdue} alert />
        <Count title="重大隐患" page={d?.major} />
        <Count title="待本企业验收" page={d?.accept} />
      </Space>
      {items.length ? (
        <List<HazardItem>
          size="small"
          dataSource={items}
          renderItem={(h) => (
            <List.Item
              actions={[
                <Button
                  key="go"
                  size="small"
                  type={h.rectifyStatus === 0 ? 'default' : 'primary'}
                  onClick={() => open(h.id)}
                >
                  {hazardTodoOf(h)}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap>
                    <LevelTag level={h.level} label={h.levelLabel} />
                    <Typography.Link onClick={() => open(h.id)}>{h.description}</Typography.Link>
                    <StateCell h={h} />
                  </Space>
                }
                description={
                  <Space size={4} wrap>
                    <span>{h.finderOrgName || h.sourceLabel}</span>
                    <span>· 整改期限</span>
                    <DeadlineText h={h} />
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      ) : d?.accept.total ? (
        <Typography.Link onClick={() => open(undefined, 'accept')}>有自查隐患等待本企业验收</Typography.Link>
      ) : (
        <Typography.Text type="secondary">暂无待整改的隐患</Typography.Text>
      )}
    </Card>
  );
}
