import type { PreventionOverview } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { BarChart, thousands, yuan } from '../../components/index.ts';
import { fetchData } from '../../platform/request.ts';

const STAT_STYLE = { fontSize: 22, whiteSpace: 'nowrap' } as const;

/**
 * 预防数据's service figures from the prevention records (POST /api/prevention/overview, the insurer's own):
 * services completed against planned, enterprises served, the fund accrued against spent and hazards
 * found, with the completed services per item.
 */
export function ApServiceCard({ year }: { year: number }) {
  const q = useQuery({
    queryKey: ['insuranceData', 'apOverview', year],
    queryFn: () => fetchData<PreventionOverview>('/prevention/overview', { params: { year } }),
  });
  if (q.isError) return null;
  const t = q.data?.totals;
  const items = q.data?.byItem ?? [];
  const figures = t
    ? [
        {
          key: 'done',
          title: `${year}年已完成服务 / 计划`,
          value: `${thousands(t.done)} / ${thousands(t.plans)}`,
          suffix: '次',
        },
        {
          key: 'served',
          title: '已服务企业 / 承保企业',
          value: `${thousands(t.enterprisesServed)} / ${thousands(t.enterprisesInsured)}`,
          suffix: '家',
        },
        { key: 'accrued', title: '预防费用计提', value: yuan(t.accrued, false), suffix: '元' },
        { key: 'spent', title: '预防费用支出', value: yuan(t.spent, false), suffix: '元' },
        {
          key: 'hazards',
          title: '发现隐患 / 已整改',
          value: `${thousands(t.hazards)} / ${thousands(t.hazardsRectified)}`,
          suffix: '项',
        },
      ]
    : [];
  return (
    <Card
      variant="borderless"
      title="事故预防服务执行情况"
      loading={q.isLoading}
      data-testid="ap-service-card"
    >
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col key={f.key} flex="1 0 190px" data-testid={`ap-service-${f.key}`}>
            <Statistic title={f.title} value={f.value} suffix={f.suffix} valueStyle={STAT_STYLE} />
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0' }}>
        按本机构的预防服务计划和服务记录统计；费用为事故预防费用台账的计提与支出。
      </Typography.Paragraph>
      <BarChart
        loading={q.isLoading}
        horizontal
        categories={items.map((i) => i.name)}
        series={[
          { name: '已完成', unit: '次', data: items.map((i) => i.done) },
          { name: '计划', unit: '次', data: items.map((i) => i.planned) },
        ]}
      />
    </Card>
  );
}
