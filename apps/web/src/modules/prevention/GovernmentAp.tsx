import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BarChart, LineChart, thousands, yuan } from '../../components/index.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { HazardCodesCard } from '../hazard/index.ts';
import { AP_PATHS, chinaYear, yearChoices } from './activity-parts.tsx';
import { overviewApi, type PreventionOverview } from './api-activity.ts';

type DistrictRow = PreventionOverview['byDistrict'][number];

const pct = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '-');
const STAT_STYLE = { fontSize: 22, whiteSpace: 'nowrap' } as const;

/** The figures strip: services, coverage, fund and hazards of the year. */
function Figures({ t, year }: { t: PreventionOverview['totals']; year: number }) {
  const figures = [
    { key: 'projects', title: '预防服务项目', value: thousands(t.projects), suffix: '个' },
    {
      key: 'services',
      title: `${year}年已完成服务 / 计划`,
      value: `${thousands(t.done)} / ${thousands(t.plans)}`,
      suffix: '次',
    },
    {
      key: 'enterprises',
      title: `已服务企业 / 投保企业（覆盖率 ${pct(t.enterprisesServed, t.enterprisesInsured)}）`,
      value: `${thousands(t.enterprisesServed)} / ${thousands(t.enterprisesInsured)}`,
      suffix: '家',
    },
    { key: 'accrued', title: '预防费用计提', value: yuan(t.accrued, false), suffix: '元' },
    {
      key: 'spent',
      title: `预防费用支出（使用率 ${pct(t.spent, t.accrued)}）`,
      value: yuan(t.spent, false),
      suffix: '元',
    },
    {
      key: 'hazards',
      title: `发现隐患 / 已整改（重大隐患 ${thousands(t.majorHazards)} 项）`,
      value: `${thousands(t.hazards)} / ${thousands(t.hazardsRectified)}`,
      suffix: '项',
    },
  ];
  return (
    <Row gutter={[16, 16]} data-testid="ap-overview-figures">
      {figures.map((f) => (
        <Col key={f.key} xs={24} sm={12} xl={8}>
          <Card variant="borderless" data-testid={`ap-fig-${f.key}`}>
            <Statistic title={f.title} value={f.value} suffix={f.suffix} valueStyle={STAT_STYLE} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * /government/govAp/GovernmentAp/route: the regulator's landing page (事故预防监管) — services done and
 * planned by month, item and district, enterprises served against insured, the prevention fund accrued
 * against spent and the hazards found and rectified, over the districts it governs; each district links
 * to 服务查询 (GovApQuery) filtered by it.
 */
export function GovernmentAp() {
  const [year, setYear] = useState(chinaYear);
  const districts = useDistrictOptions();
  const [districtCode, setDistrictCode] = useState<string | undefined>(undefined);
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['prevention', 'overview', year, districtCode ?? ''],
    queryFn: () => overviewApi.overview({ year, ...(districtCode ? { districtCode } : {}) }),
  });
  const d = q.data;
  const months = d?.byMonth ?? [];
  const items = d?.byItem ?? [];
  const byDistrict = d?.byDistrict ?? [];
  const queryLink = (code?: string) =>
    code ? `${AP_PATHS.govQuery}?districtCode=${encodeURIComponent(code)}` : AP_PATHS.govQuery;

  const columns: TableColumnsType<DistrictRow> = [
    {
      title: '区县',
      dataIndex: 'name',
      fixed: 'left',
      width: 110,
      render: (name: string, r) => <Link to={queryLink(r.code)}>{name}</Link>,
    },
    { title: '已完成服务（次）', dataIndex: 'done', align: 'right', render: (v: number) => thousands(v) },
    { title: '计划服务（次）', dataIndex: 'planned', align: 'right', render: (v: number) => thousands(v) },
    {
      title: '已服务 / 投保企业（家）',
      key: 'ent',
      align: 'right',
      render: (_, r) => `${thousands(r.enterprisesServed)} / ${thousands(r.enterprisesInsured)}`,
    },
    {
      title: '覆盖率',
      key: 'cover',
      align: 'right',
      render: (_, r) => pct(r.enterprisesServed, r.enterprisesInsured),
    },
    { title: '计提（元）', dataIndex: 'accrued', align: 'right', render: (v: number) => yuan(v, false) },
    { title: '支出（元）', dataIndex: 'spent', align: 'right', render: (v: number) => yuan(v, false) },
    {
      title: '隐患 / 已整改（项）',
      key: 'hazards',
      align: 'right',
      render: (_, r) => `${thousands(r.hazards)} / ${thousands(r.hazardsRectified)}`,
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="government-ap">
      <Card variant="borderless">
        <Row justify="space-between" gutter={[16, 12]}>
          <Col>
            <Space wrap>
              <span>年份</span>
              <Select
                aria-label="年份"
                value={year}
                style={{ width: 110 }}
                options={yearChoices()}
                onChange={setYear}
              />
              <span>区县</span>
              <Select
                aria-label="区县"
                allowClear
                placeholder={districts.limited ? '本辖区全部区县' : '全市'}
                value={districtCode}
                style={{ width: 150 }}
                options={districts.options}
                onChange={(v?: string) => setDistrictCode(v)}
              />
            </Space>
          </Col>
          <Col>
            <Space wrap>
              <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()}>
                刷新
              </Button>
              <Button type="primary" onClick={() => navigate(queryLink(districtCode))}>
                服务查询
              </Button>
              <Button onClick={() => navigate(AP_PATHS.govPlan)}>预防计划备案</Button>
              <Button onClick={() => navigate(AP_PATHS.govTrain)}>培训记录</Button>
              <Button onClick={() => navigate(AP_PATHS.govService)}>服务机构服务</Button>
            </Space>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          统计辖区内保险机构{year}
          年的事故预防服务：服务计划与完成情况、服务覆盖的投保企业、事故预防费用的计提与支出、服务中发现的隐患及整改情况。
        </Typography.Paragraph>
      </Card>
      {q.isError ? (
        <Alert type="error" showIcon message="事故预防监管数据加载失败，请稍后点击刷新重试" />
      ) : (
        <>
          {d ? (
            <Figures t={d.totals} year={d.year} />
          ) : (
            <Card variant="borderless" loading>
              {' '}
            </Card>
          )}
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Card variant="borderless" title="各月服务情况（次）">
                <BarChart
                  loading={q.isLoading}
                  categories={months.map((m) => `${m.month}月`)}
                  series={[
                    { name: '已完成', unit: '次', data: months.map((m) => m.done) },
                    { name: '计划', unit: '次', data: months.map((m) => m.planned) },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card variant="borderless" title="各月预防费用支出（元）">
                <LineChart
                  loading={q.isLoading}
                  categories={months.map((m) => `${m.month}月`)}
                  series={[{ name: '支出', unit: '元', data: months.map((m) => m.spend) }]}
                  area
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card variant="borderless" title="各服务项目完成情况（次）">
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
            </Col>
            <Col xs={24} xl={12}>
              <Card variant="borderless" title="各区县服务覆盖（家）">
                <BarChart
                  loading={q.isLoading}
                  categories={byDistrict.map((r) => r.name)}
                  series={[
                    { name: '已服务企业', unit: '家', data: byDistrict.map((r) => r.enterprisesServed) },
                    { name: '投保企业', unit: '家', data: byDistrict.map((r) => r.enterprisesInsured) },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card variant="borderless" title="各区县预防费用（元）">
                <BarChart
                  loading={q.isLoading}
                  categories={byDistrict.map((r) => r.name)}
                  series={[
                    { name: '计提', unit: '元', data: byDistrict.map((r) => r.accrued) },
                    { name: '支出', unit: '元', data: byDistrict.map((r) => r.spent) },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card variant="borderless" title="各区县隐患整改（项）">
                <BarChart
                  loading={q.isLoading}
                  categories={byDistrict.map((r) => r.name)}
                  series={[
                    { name: '发现隐患', unit: '项', data: byDistrict.map((r) => r.hazards) },
                    { name: '已整改', unit: '项', data: byDistrict.map((r) => r.hazardsRectified) },
                  ]}
                />
              </Card>
            </Col>
          </Row>
          <HazardCodesCard year={year} districtCode={districtCode} />
          <Card variant="borderless" title="各区县事故预防情况">
            <Table<DistrictRow>
              size="middle"
              rowKey="code"
              loading={q.isLoading}
              columns={columns}
              dataSource={byDistrict}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: '暂无数据' }}
              data-testid="ap-overview-districts"
            />
          </Card>
        </>
      )}
    </Space>
  );
}
