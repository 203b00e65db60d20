/** 风险查询 (GovRiskQuery) and 风险详情 (GovRiskDetail) of the regulator: enterprises by risk level. */
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { countText, dateTimeText, PagedTable, yuan } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { RISK_LEVELS, WS_INDUSTRIES } from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { isApiError } from '../../platform/request.ts';
import {
  exportRisks,
  HAZARD_KEY,
  type HazardItem,
  type RiskDetail,
  type RiskFilters,
  type RiskItem,
  riskApi,
} from './api.ts';
import { HazardDrawer } from './HazardDrawer.tsx';
import { DeadlineText, HazardTimeline, LevelTag, RiskTag, SourceTag, StateCell } from './parts.tsx';
import { HAZARD_PATHS } from './paths.ts';
import { RiskRulesDrawer } from './RiskRules.tsx';

const YES = { true: { text: '是' } };

/** The search form's values as risk/list takes them. */
export function riskFiltersOf(q: Record<string, unknown>): RiskFilters {
  const out: Record<string, unknown> = {};
  for (const k of ['keyword', 'districtCode', 'industry'] as const) {
    const v = q[k];
    if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  }
  if (q.riskLevel !== undefined && q.riskLevel !== '' && q.riskLevel !== null)
    out.riskLevel = Number(q.riskLevel);
  for (const k of ['hasMajorOpen', 'hasOverdue'] as const) if (q[k] === 'true') out[k] = 'true';
  return out as RiskFilters;
}

/** How many enterprises of each colour (one small count call per level). */
function LevelCounts({ onPick }: { onPick: (level: number) => void }) {
  const counts = useQueries({
    queries: RISK_LEVELS.map((l) => ({
      queryKey: [HAZARD_KEY, 'risk-count', l.value],
      queryFn: () => riskApi.list({ riskLevel: l.value, pageNo: 1, pageSize: 1 }),
    })),
  });
  const COLORS: Record<number, string> = { 1: '#cf1322', 2: '#d46b08', 3: '#d4b106', 4: '#1677ff' };
  return (
    <Row gutter={[16, 16]} data-testid="risk-counts">
      {RISK_LEVELS.map((l, i) => (
        <Col key={l.value} xs={12} md={6}>
          <Card
            size="small"
            hoverable
            onClick={() => onPick(l.value)}
            style={{ borderTop: `4px solid ${COLORS[l.value]}` }}
            data-testid={`risk-count-${l.value}`}
          >
            <Statistic
              title={l.label}
              value={counts[i]?.data?.total ?? 0}
              // A count the server capped (LIST_COUNT_CAP) reads "10,000+".
              formatter={() => countText(counts[i]?.data ?? { total: 0 })}
              suffix="家"
              loading={counts[i]?.isLoading}
              valueStyle={{ color: COLORS[l.value] }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** 风险查询: enterprises of the regulator's districts by risk level, district and industry, with their open/overdue/major hazard counts; .xlsx export. */
export function GovRiskQuery() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const districts = useDistrictOptions();
  const [filters, setFilters] = useState<RiskFilters>({});
  const [exporting, setExporting] = useState(false);
  const [level, setLevel] = useState<number | undefined>(undefined);
  const [rulesOpen, setRulesOpen] = useState(false);
  const open = (r: RiskItem) => navigate(`${HAZARD_PATHS.govRiskDetail}?enterpriseId=${r.enterpriseId}`);

  const columns: ProColumns<RiskItem>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '企业名称/统一社会信用代码' },
    },
    {
      title: '企业名称',
      dataIndex: 'enterpriseName',
      search: false,
      width: 200,
      render: (_, r) => (
        <Typography.Link onClick={() => open(r)} data-testid={`risk-ent-${r.enterpriseId}`}>
          {r.enterpriseName}
        </Typography.Link>
      ),
    },
    { title: '统一社会信用代码', dataIndex: 'uscc', search: false, width: 180 },
    {
      title: '所属区县',
      dataIndex: 'districtCode',
      valueType: 'select',
      valueEnum: Object.fromEntries(districts.options.map((d) => [d.value, { text: d.label }])),
      width: 90,
      render: (_, r) => r.districtName,
    },
    {
      title: '行业',
      dataIndex: 'industry',
      valueType: 'select',
      valueEnum: WS_INDUSTRIES.valueEnum,
      width: 140,
      render: (_, r) => r.industryName || '-',
    },
    {
      title: '风险等级',
      dataIndex: 'riskLevel',
      valueType: 'select',
      valueEnum: RISK_LEVELS.valueEnum,
      width: 100,
      render: (_, r) => <RiskTag level={r.riskLevel} label={r.riskLevelLabel} />,
    },
    { title: '风险分值', dataIndex: 'points', search: false, width: 80, align: 'right' },
    {
      title: '未整改隐患',
      dataIndex: 'openHazards',
      search: false,
      width: 90,
      align: 'right',
    },
    {
      title: '逾期',
      dataIndex: 'overdueHazards',
      search: false,
      width: 70,
      align: 'right',
      render: (_, r) =>
        r.overdueHazards ? <Typography.Text type="danger">{r.overdueHazards}</Typography.Text> : 0,
    },
    {
      title: '重大未整改',
      dataIndex: 'openMajorHazards',
      search: false,
      width: 90,
      align: 'right',
      render: (_, r) => (r.openMajorHazards ? <Tag color="red">{r.openMajorHazards}</Tag> : 0),
    },
    {
      title: '有重大隐患',
      dataIndex: 'hasMajorOpen',
      hideInTable: true,
      valueType: 'select',
      valueEnum: YES,
    },
    { title: '有逾期隐患', dataIndex: 'hasOverdue', hideInTable: true, valueType: 'select', valueEnum: YES },
    {
      title: '投保状态',
      dataIndex: 'insured',
      search: false,
      width: 90,
      render: (_, r) => (r.insured ? <Tag color="success">已投保</Tag> : <Tag color="default">未投保</Tag>),
    },
    {
      title: '评定时间',
      dataIndex: 'assessedAt',
      search: false,
      width: 140,
      render: (_, r) => dateTimeText(r.assessedAt),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 60,
      render: (_, r) => [
        <Typography.Link key="open" onClick={() => open(r)}>
          详情
        </Typography.Link>,
      ],
    },
  ];

  const doExport = async () => {
    setExporting(true);
    try {
      await exportRisks(filters);
      message.success('导出成功');
    } catch {
      // shown by the API client
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <LevelCounts onPick={setLevel} />
      <PagedTable<RiskItem>
        headerTitle="企业风险分级"
        rowKey="enterpriseId"
        columns={columns}
        params={level ? { riskLevel: level } : {}}
        scroll={{ x: 'max-content' }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        data-testid="risk-list"
        locale={{ emptyText: '暂无企业风险数据' }}
        request={(q) => {
          const next = riskFiltersOf(q as unknown as Record<string, unknown>);
          if (JSON.stringify(next) !== JSON.stringify(filters)) setFilters(next);
          return riskApi.list({ ...next, pageNo: q.pageNo, pageSize: q.pageSize });
        }}
        toolBarRender={() => [
          level ? (
            <Button key="all" onClick={() => setLevel(undefined)}>
              显示全部等级
            </Button>
          ) : null,
          <Button key="rules" onClick={() => setRulesOpen(true)}>
            风险分级规则
          </Button>,
          <Action key="export" name="export">
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={doExport}>
              导出Excel
            </Button>
          </Action>,
        ]}
      />
      <RiskRulesDrawer open={rulesOpen} onClose={() => setRulesOpen(false)} />
    </Space>
  );
}

function HazardsTable({ hazards, onOpen }: { hazards: HazardItem[]; onOpen: (id: number) => void }) {
  return (
    <Table<HazardItem>
      size="small"
      rowKey="id"
      dataSource={hazards}
      pagination={hazards.length > 10 ? { pageSize: 10 } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '暂无隐患' }}
      data-testid="risk-hazards"
      columns={[
        {
          title: '隐患描述',
          dataIndex: 'description',
          width: 240,
          render: (_, h) => <Typography.Link onClick={() => onOpen(h.id)}>{h.description}</Typography.Link>,
        },
        {
          title: '等级',
          dataIndex: 'level',
          width: 100,
          render: (_, h) => <LevelTag level={h.level} label={h.levelLabel} />,
        },
        {
          title: '来源',
          dataIndex: 'source',
          width: 130,
          render: (_, h) => <SourceTag source={h.source} label={h.sourceLabel} />,
        },
        { title: '检查日期', dataIndex: 'checkDate', width: 110 },
        { title: '整改期限', dataIndex: 'deadline', width: 110, render: (_, h) => <DeadlineText h={h} /> },
        { title: '整改状态', dataIndex: 'rectifyStatus', width: 170, render: (_, h) => <StateCell h={h} /> },
      ]}
    />
  );
}

function RiskDetailView({ d }: { d: RiskDetail }) {
  const [hazardId, setHazardId] = useState<number | null>(null);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title="风险评定" data-testid="risk-card">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="风险等级">
            <RiskTag level={d.riskLevel} label={d.riskLevelLabel} />
          </Descriptions.Item>
          <Descriptions.Item label="风险分值">{d.points}</Descriptions.Item>
          <Descriptions.Item label="评定时间">{dateTimeText(d.assessedAt)}</Descriptions.Item>
          <Descriptions.Item label="统一社会信用代码">{d.uscc}</Descriptions.Item>
          <Descriptions.Item label="所属区县">{d.districtName}</Descriptions.Item>
          <Descriptions.Item label="行业">{d.industryName || '-'}</Descriptions.Item>
          <Descriptions.Item label="地址">{d.address || '-'}</Descriptions.Item>
          <Descriptions.Item label="联系人">{d.contactName || '-'}</Descriptions.Item>
          <Descriptions.Item label="投保状态">{d.insured ? '已投保' : '未投保'}</Descriptions.Item>
          <Descriptions.Item label="未整改隐患">{d.openHazards}</Descriptions.Item>
          <Descriptions.Item label="逾期隐患">{d.overdueHazards}</Descriptions.Item>
          <Descriptions.Item label="重大未整改">{d.openMajorHazards}</Descriptions.Item>
        </Descriptions>
        <Table
          size="small"
          rowKey="factor"
          pagination={false}
          dataSource={d.factors}
          data-testid="risk-factors"
          columns={[
            { title: '评分因素', dataIndex: 'label' },
            { title: '取值', dataIndex: 'value', align: 'right', width: 100 },
            { title: '得分', dataIndex: 'points', align: 'right', width: 100 },
          ]}
        />
      </Card>
      <Card size="small" title="风险等级变化" data-testid="risk-history">
        <Table
          size="small"
          rowKey={(r) => `${r.at}-${r.riskLevel}`}
          pagination={d.history.length > 10 ? { pageSize: 10 } : false}
          dataSource={d.history}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂无评定记录' }}
          columns={[
            { title: '时间', dataIndex: 'at', width: 140, render: (v: string) => dateTimeText(v) },
            {
              title: '等级',
              dataIndex: 'riskLevel',
              width: 150,
              render: (_, r) => (
                <Space size={4}>
                  {r.previousLevel !== null ? (
                    <>
                      <RiskTag level={r.previousLevel} />→
                    </>
                  ) : null}
                  <RiskTag level={r.riskLevel} label={r.riskLevelLabel} />
                </Space>
              ),
            },
            { title: '分值', dataIndex: 'points', width: 70, align: 'right' },
            { title: '原因', dataIndex: 'causeLabel', width: 90 },
            { title: '说明', dataIndex: 'reason', width: 360 },
          ]}
        />
      </Card>
      <Card size="small" title={`隐患（${d.hazards.length}条）`}>
        <HazardsTable hazards={d.hazards} onOpen={setHazardId} />
      </Card>
      <Card size="small" title="整改时间线">
        <HazardTimeline items={d.timeline} />
      </Card>
      <Card size="small" title="接受的预防服务" data-testid="risk-services">
        <Table
          size="small"
          rowKey="planId"
          pagination={false}
          dataSource={d.services}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '近一年未接受预防服务' }}
          columns={[
            { title: '服务名称', dataIndex: 'name', width: 200 },
            { title: '服务项目', dataIndex: 'serviceItemLabel', width: 160 },
            { title: '服务机构', dataIndex: 'orgName', width: 180 },
            { title: '日期', dataIndex: 'date', width: 110, render: (v: string) => v.slice(0, 10) },
            { title: '状态', dataIndex: 'statusLabel', width: 90 },
          ]}
        />
      </Card>
      <Card size="small" title="理赔案件" data-testid="risk-claims">
        <Table
          size="small"
          rowKey="claimId"
          pagination={false}
          dataSource={d.claims}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '近一年无理赔案件' }}
          columns={[
            { title: '案件号', dataIndex: 'claimNo', width: 180 },
            {
              title: '出险时间',
              dataIndex: 'accidentAt',
              width: 140,
              render: (v: string) => dateTimeText(v),
            },
            { title: '案件阶段', dataIndex: 'phaseLabel', width: 100 },
            {
              title: '已赔付',
              dataIndex: 'paidAmount',
              width: 120,
              align: 'right',
              render: (v: number) => yuan(v),
            },
          ]}
        />
      </Card>
      <HazardDrawer id={hazardId} onClose={() => setHazardId(null)} />
    </Space>
  );
}

/** 风险详情 (?enterpriseId=): level history, hazards, rectification timeline, prevention services, claims. */
export function GovRiskDetail() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = Number(params.get('enterpriseId'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const query = useQuery({
    queryKey: [HAZARD_KEY, 'risk', id],
    queryFn: () => riskApi.detail(id as number),
    enabled: id !== null,
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(HAZARD_PATHS.govRiskQuery)}>
      返回列表
    </Button>
  );
  if (id === null)
    return <Result status="404" title="缺少企业编号" subTitle="请从风险查询列表打开" extra={back} />;
  if (query.isLoading)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (query.error || !query.data) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? '企业不存在' : '企业风险加载失败'}
        subTitle={isApiError(query.error) ? query.error.envelope.result : '请稍后重试'}
        extra={back}
      />
    );
  }
  const d = query.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          {back}
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="risk-title">
            {d.enterpriseName}
          </Typography.Title>
          <RiskTag level={d.riskLevel} label={d.riskLevelLabel} />
        </Space>
      </Card>
      <RiskDetailView d={d} />
    </Space>
  );
}
