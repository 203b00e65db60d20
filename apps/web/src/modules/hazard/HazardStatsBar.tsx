import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import { HAZARD_KEY, hazardApi } from './api.ts';

/**
 * The spec 4 hazard statistics of the caller's scope (hazard/stats): totals, general and major each with
 * the rectified part, open, overdue, awaiting review and the rectification rate.
 */
export function HazardStatsBar({ enterpriseId }: { enterpriseId?: number }) {
  const stats = useQuery({
    queryKey: [HAZARD_KEY, 'stats', enterpriseId ?? null],
    queryFn: () => hazardApi.stats(enterpriseId ? { enterpriseId } : {}),
  });
  const s = stats.data;
  const items: { key: string; title: string; value: string | number; color?: string }[] = s
    ? [
        { key: 'total', title: '隐患总数', value: s.total },
        {
          key: 'major',
          title: '重大隐患（已整改/总数）',
          value: `${s.majorRectified}/${s.major}`,
          color: '#cf1322',
        },
        {
          key: 'general',
          title: '一般隐患（已整改/总数）',
          value: `${s.generalRectified}/${s.general}`,
          color: '#d46b08',
        },
        { key: 'open', title: '未整改', value: s.open },
        { key: 'overdue', title: '逾期未整改', value: s.overdue, color: s.overdue ? '#cf1322' : undefined },
        { key: 'toReview', title: '待审核', value: s.toReview },
        { key: 'rate', title: '整改率', value: `${s.rectifyRate.toFixed(1)}%` },
      ]
    : [];
  return (
    <Card size="small" loading={stats.isLoading} data-testid="hazard-stats">
      <Row gutter={[16, 8]}>
        {items.map((i) => (
          <Col key={i.key} xs={12} sm={8} md={6} lg={3} style={{ minWidth: 120 }}>
            <div data-testid={`stat-${i.key}`}>
              <Statistic
                title={i.title}
                value={i.value}
                valueStyle={{ fontSize: 20, ...(i.color ? { color: i.color } : {}) }}
              />
            </div>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
