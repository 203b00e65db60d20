import {
  AlertOutlined,
  AuditOutlined,
  ClockCircleOutlined,
  FileDoneOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { chinaTime, chinaToday, LineChart, PieChart, thousands } from '../../components/index.ts';
import { CLAIM_PHASES, POLICY_EXPIRING_DAYS } from '../../platform/contracts.ts';
import { formatValue, getDataset, getSummary, num, STAT_VALUE_STYLE } from '../insurance-data/index.ts';
import { countOf, fetchPolicies, INSURER_API, type PolicyBrief } from './api.ts';

export const INSURER_PATHS = {
  policyManage: '/insurance/azx/PolicyManage/route',
  policyDetail: '/insurance/azx/PolicyDetail/route',
  claimManage: '/insurance/azx/ClaimManage/route',
  dataPremium: '/insurance/data/DataPremium/route',
  dataClaim: '/insurance/data/DataClaim/route',
} as const;

/**
 * Links into the lists, filtered: 保单管理 reads `state` (a policy state of the list's 状态 filter) and
 * 理赔管理 reads `flag` (its 逾期报案 / 超期未付 tab) from the URL.
 */
export const policyListLink = (state: 'submitted' | 'expiring') =>
  `${INSURER_PATHS.policyManage}?${new URLSearchParams({ state })}`;
export const claimListLink = (flag: 'late' | 'unpaid') =>
  `${INSURER_PATHS.claimManage}?${new URLSearchParams({ flag })}`;

/** The phases of a claim not closed yet. */
const OPEN_PHASES = CLAIM_PHASES.values.filter((p) => p !== 'closed' && p !== 'withdrawn');

async function loadCounts() {
  const policy = (state: string) => countOf(INSURER_API.policyList, { state });
  const claim = (params: Record<string, string>) => countOf(INSURER_API.claimList, params);
  const [valid, expiring, submitted, pending, late, unpaid, ...phases] = await Promise.all([
    policy('valid'),
    policy('expiring'),
    policy('submitted'),
    policy('pending'),
    claim({ flag: 'late' }),
    claim({ flag: 'unpaid' }),
    ...OPEN_PHASES.map((phase) => claim({ phase })),
  ]);
  return {
    valid,
    expiring,
    submitted,
    pending,
    late,
    unpaid,
    phases: OPEN_PHASES.map((phase, i) => ({ phase, count: phases[i] ?? 0 })),
  };
}

function Kpi({
  title,
  value,
  suffix,
  icon,
  color,
  to,
  testId,
  loading,
}: {
  title: string;
  loading?: boolean;
  value: ReactNode;
  suffix?: string;
  icon: ReactNode;
  color: string;
  to?: string;
  testId: string;
}) {
  const body = (
    <Card variant="borderless" hoverable={Boolean(to)} data-testid={testId}>
      <Space align="start" size={16}>
        <span style={{ fontSize: 28, color }}>{icon}</span>
        <Statistic title={title} value={value as number | string} suffix={suffix} loading={loading} />
      </Space>
    </Card>
  );
  return to ? <Link to={to}>{body}</Link> : body;
}

/** /insurance/azx/InsuranceIndex/route: the insurer's workbench. */
export function InsuranceIndex() {
  const year = new Date().getFullYear();
  const counts = useQuery({ queryKey: ['insurerIndex', 'counts'], queryFn: loadCounts });
  const summary = useQuery({ queryKey: ['insuranceData', 'query', year], queryFn: () => getSummary(year) });
  const premium = useQuery({
    queryKey: ['insuranceData', 'premium', year, 'month'],
    queryFn: () => getDataset('premium', year, 'month'),
  });
  const claims = useQuery({
    queryKey: ['insuranceData', 'claim', year, 'month'],
    queryFn: () => getDataset('claim', year, 'month'),
  });
  const expiring = useQuery({
    queryKey: ['insurerIndex', 'expiring'],
    queryFn: () => fetchPolicies({ state: 'expiring', pageNo: 1, pageSize: 8 }),
  });

  const c = counts.data;
  const figure = (name: string) => summary.data?.items.find((i) => i.name === name);
  const openClaims = (c?.phases ?? []).reduce((s, p) => s + p.count, 0);
  const phaseData = (c?.phases ?? []).map((p) => {
    const opt = CLAIM_PHASES.find((o) => o.value === p.phase);
    return { name: opt?.label ?? p.phase, value: p.count, unit: '件', color: opt?.color ?? '#8c8c8c' };
  });
  const months = (premium.data?.rows ?? []).map((r) => r.name);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {counts.isError && <Alert type="warning" showIcon message="部分统计暂时无法获取，请稍后刷新页面" />}
      {c && (c.late > 0 || c.unpaid > 0) && (
        <Alert
          type="error"
          showIcon
          icon={<AlertOutlined />}
          message={
            <span>
              理赔预警：
              <Link to={claimListLink('late')} data-testid="warn-late">
                逾期报案 <b>{c.late}</b> 件
              </Link>
              ，
              <Link to={claimListLink('unpaid')} data-testid="warn-unpaid">
                立案后超期未付 <b>{c.unpaid}</b> 件
              </Link>
              ，请及时处理。
              <Link
                to={claimListLink(c.late > 0 ? 'late' : 'unpaid')}
                style={{ marginLeft: 8 }}
                data-testid="warn-handle"
              >
                去处理
              </Link>
            </span>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Kpi
            loading={counts.isLoading}
            testId="kpi-valid"
            title="保障中保单"
            value={c?.valid ?? '-'}
            suffix="件"
            icon={<SafetyCertificateOutlined />}
            color="#52c41a"
            to={INSURER_PATHS.policyManage}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Kpi
            loading={counts.isLoading}
            testId="kpi-expiring"
            title={`${POLICY_EXPIRING_DAYS}天内到期`}
            value={c?.expiring ?? '-'}
            suffix="件"
            icon={<ClockCircleOutlined />}
            color="#faad14"
            to={policyListLink('expiring')}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Kpi
            loading={counts.isLoading}
            testId="kpi-submitted"
            title="待审核投保"
            value={c?.submitted ?? '-'}
            suffix="件"
            icon={<AuditOutlined />}
            color="#1890ff"
            to={policyListLink('submitted')}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Kpi
            loading={counts.isLoading}
            testId="kpi-open-claims"
            title="未结理赔案件"
            value={c ? openClaims : '-'}
            suffix="件"
            icon={<FileDoneOutlined />}
            color="#fa541c"
            to={INSURER_PATHS.claimManage}
          />
        </Col>
      </Row>
      <Card variant="borderless" title={`${year}年经营概况`} loading={summary.isLoading}>
        {summary.isError ? (
          <Empty description="经营数据暂时无法获取" />
        ) : (
          <Row gutter={[16, 16]}>
            {['premium', 'sumInsured', 'insuredEnterprises', 'preventionFee', 'claims', 'claimPaid'].map(
              (n) => {
                const f = figure(n);
                return (
                  <Col key={n} flex="1 0 190px">
                    <Statistic
                      title={f?.label ?? n}
                      value={formatValue(f?.value, f?.unit ?? '')}
                      suffix={f?.unit}
                      valueStyle={STAT_VALUE_STYLE}
                    />
                  </Col>
                );
              },
            )}
          </Row>
        )}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={14}>
          <Card
            variant="borderless"
            title={`${year}年每月保费与理赔费用（元）`}
            extra={<Link to={INSURER_PATHS.dataPremium}>保费数据</Link>}
          >
            <LineChart
              loading={premium.isLoading || claims.isLoading}
              categories={months}
              area
              series={[
                { name: '保费', unit: '元', data: (premium.data?.rows ?? []).map((r) => num(r, 'premium')) },
                { name: '理赔费用', unit: '元', data: (claims.data?.rows ?? []).map((r) => num(r, 'paid')) },
              ]}
            />
          </Card>
        </Col>
        {/* The donut's outside labels need room beside it: side by side from 1600 px, stacked below. */}
        <Col xs={24} xxl={10}>
          <Card
            variant="borderless"
            title="未结案件（按阶段）"
            extra={<Link to={INSURER_PATHS.claimManage}>理赔管理</Link>}
          >
            <PieChart
              loading={counts.isLoading}
              donut
              data={phaseData}
              colors={phaseData.map((p) => p.color)}
            />
          </Card>
        </Col>
      </Row>
      <Card
        variant="borderless"
        title={`${POLICY_EXPIRING_DAYS}天内到期的保单`}
        extra={<Typography.Text type="secondary">请提醒企业及时续保</Typography.Text>}
      >
        <Table<PolicyBrief>
          size="small"
          rowKey="id"
          loading={expiring.isLoading}
          dataSource={expiring.data?.list ?? []}
          pagination={false}
          scroll={{ x: 760 }}
          locale={{ emptyText: '近期没有即将到期的保单' }}
          columns={[
            {
              title: '保单号',
              dataIndex: 'policyNo',
              render: (v: string | null, r) => (
                <Link to={`${INSURER_PATHS.policyDetail}?id=${r.id}`}>{v || r.applicationNo}</Link>
              ),
            },
            { title: '投保企业', dataIndex: 'holderName', ellipsis: true },
            { title: '区县', dataIndex: 'districtName', width: 90 },
            {
              title: '保险止期',
              dataIndex: 'endDate',
              width: 190,
              render: (v: string) => {
                const days = dayjs(chinaTime(v, 'date')).diff(dayjs(chinaToday()), 'day');
                return (
                  <span style={{ whiteSpace: 'nowrap' }}>
                    {chinaTime(v, 'date')}
                    <Tag color={days <= 7 ? 'red' : 'orange'} style={{ marginInline: '4px 0' }}>
                      {days <= 0 ? '今日到期' : `剩${days}天`}
                    </Tag>
                  </span>
                );
              },
            },
            {
              title: '保费（元）',
              dataIndex: 'premium',
              align: 'right',
              width: 140,
              render: (v: number) => thousands(v.toFixed(2)),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
