import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { ClaimPhase } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Space, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DateTimeCell, PagedTable, valueEnumOf } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import { CLAIM_PHASES, CLAIM_STEPS, DISTRICTS, WS_INDUSTRIES } from '../../platform/contracts.ts';
import { CLAIM_KEY, type ClaimFilters, type ClaimRow, claimApi, exportClaims } from './api.ts';
import { ENT_PATHS, INSURER_PATHS, yuan } from './model.ts';
import { FlagTags, PhaseTag, StepTag } from './parts.tsx';

type SearchValues = {
  keyword?: string;
  step?: string;
  districtCode?: string;
  wsIndustryCode?: string;
  year?: string;
  accidentRange?: [string, string];
  phase?: ClaimPhase;
  flag?: 'late' | 'unpaid';
};

/** The list filters from the search form values (the phase and flag come from the tabs). */
function filtersOf(q: Record<string, unknown>): Omit<ClaimFilters, 'phase' | 'flag'> {
  const out: Omit<ClaimFilters, 'phase' | 'flag'> = {};
  if (typeof q.keyword === 'string' && q.keyword.trim()) out.keyword = q.keyword.trim();
  if (q.step) out.step = Number(q.step);
  if (typeof q.districtCode === 'string') out.districtCode = q.districtCode;
  if (typeof q.wsIndustryCode === 'string') out.wsIndustryCode = q.wsIndustryCode;
  if (q.year) out.year = Number(q.year);
  if (typeof q.accidentFrom === 'string') out.accidentFrom = q.accidentFrom;
  if (typeof q.accidentTo === 'string') out.accidentTo = q.accidentTo;
  return out;
}

type Tab = 'all' | ClaimPhase | 'late' | 'unpaid';

/** Columns off by default (the column setting turns them on); the rest fit a 1440 px screen. */
const DEFAULT_HIDDEN: Record<'enterprise' | 'insurer', Record<string, { show: boolean }>> = {
  insurer: { districtCode: { show: false }, policyNo: { show: false }, reportedAt: { show: false } },
  enterprise: { reportedAt: { show: false } },
};

/** Date over time, so the column stays narrow and neither is cut. */
/** The latest figure of a claim (payout, else assessment, else estimate), whole, with what it is. */
function AmountCell({ row }: { row: ClaimRow }) {
  const [label, value] =
    row.payoutTotal !== null
      ? ['赔付', row.payoutTotal]
      : row.assessedTotal !== null
        ? ['定损', row.assessedTotal]
        : row.estimatedLoss !== null
          ? ['估损', row.estimatedLoss]
          : [null, null];
  if (value === null) return <>-</>;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {yuan(value)}
      <br />
      <Typography.Text type="secondary">{label}</Typography.Text>
    </span>
  );
}

/**
 * The claim list of 理赔管理 (enterprise: its own claims; insurer: claims on policies it underwrites):
 * tabs with the count of each phase and of the two regulator flags, filters, phase and step tags in
 * the spec's colours, report and export buttons.
 */
export function ClaimList({ who }: { who: 'enterprise' | 'insurer' }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { user } = useAuth();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [urlParams] = useSearchParams();
  // A link may open a flag's tab (?flag=late, ?flag=unpaid from the insurer's workbench warning).
  const [tab, setTab] = useState<Tab>(() => {
    const flag = urlParams.get('flag');
    return flag === 'late' || (flag === 'unpaid' && who === 'insurer') ? flag : 'all';
  });
  const [filters, setFilters] = useState<Omit<ClaimFilters, 'phase' | 'flag'>>({});
  const [exporting, setExporting] = useState(false);
  const insurer = who === 'insurer';
  const paths = insurer ? INSURER_PATHS : ENT_PATHS;

  const counts = useQuery({
    queryKey: [CLAIM_KEY, 'counts', filters],
    queryFn: () => claimApi.counts(filters),
  });
  const rules = useQuery({ queryKey: [CLAIM_KEY, 'rules'], queryFn: claimApi.rules, staleTime: 60_000 });

  const tabFilter = (t: Tab): Pick<ClaimFilters, 'phase' | 'flag'> =>
    t === 'all' ? {} : t === 'late' || t === 'unpaid' ? { flag: t } : { phase: t };

  const count = (t: Tab): number | undefined => {
    const c = counts.data;
    if (!c) return undefined;
    if (t === 'all') return c.total;
    if (t === 'late') return c.late;
    if (t === 'unpaid') return c.unpaid;
    return c.phases[t];
  };
  const tabLabel = (t: Tab, label: string, color?: string) => (
    <Space size={4}>
      {color ? <Badge color={color} /> : null}
      <span>{label}</span>
      <Typography.Text type="secondary" data-testid={`claim-count-${t}`}>
        {count(t) ?? ''}
      </Typography.Text>
    </Space>
  );

  const columns: ProColumns<ClaimRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: insurer ? '报案号/立案号/保单号/企业名称' : '报案号/立案号/保单号' },
    },
    {
      title: '报案号',
      dataIndex: 'reportNo',
      hideInSearch: true,
      width: 160,
      fixed: 'left',
      render: (_, r) => (
        <Typography.Link onClick={() => navigate(`${paths.detail}?id=${r.id}`)}>{r.reportNo}</Typography.Link>
      ),
    },
    ...(insurer
      ? ([
          {
            // Plain text with a width: cut by display width, the whole name as its tooltip (PagedTable).
            title: '被保险企业',
            dataIndex: 'enterpriseName',
            hideInSearch: true,
            ellipsis: true,
            width: 150,
          },
          {
            title: '所属区县',
            dataIndex: 'districtCode',
            valueType: 'select',
            valueEnum: valueEnumOf(DISTRICTS),
            width: 88,
            render: (_, r) => r.districtName,
          },
          {
            title: '行业领域',
            dataIndex: 'wsIndustryCode',
            valueType: 'select',
            valueEnum: valueEnumOf(WS_INDUSTRIES),
            hideInTable: true,
          },
        ] as ProColumns<ClaimRow>[])
      : []),
    {
      title: '保单号',
      dataIndex: 'policyNo',
      hideInSearch: true,
      width: 184,
      render: (_, r) => r.policyNo ?? '-',
    },
    {
      title: '出险时间',
      dataIndex: 'accidentAt',
      hideInSearch: true,
      width: 100,
      render: (_, r) => <DateTimeCell value={r.accidentAt} />,
    },
    {
      title: '出险日期',
      dataIndex: 'accidentRange',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: (v: [string, string]) => ({ accidentFrom: v[0], accidentTo: v[1] }) },
    },
    {
      title: '报案年度',
      dataIndex: 'year',
      valueType: 'dateYear',
      hideInTable: true,
      search: { transform: (v: string) => ({ year: Number(String(v).slice(0, 4)) }) },
    },
    {
      title: '报案时间',
      dataIndex: 'reportedAt',
      hideInSearch: true,
      width: 100,
      render: (_, r) => <DateTimeCell value={r.reportedAt} />,
    },
    {
      title: '事故类型',
      dataIndex: 'accidentTypeLabel',
      hideInSearch: true,
      width: 90,
      render: (_, r) => r.accidentTypeLabel || <Typography.Text type="secondary">待立案</Typography.Text>,
    },
    {
      title: '伤亡',
      dataIndex: 'deaths',
      hideInSearch: true,
      width: 52,
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          亡{r.deaths}
          <br />伤{r.injuries}
        </span>
      ),
    },
    {
      title: '当前环节',
      dataIndex: 'step',
      valueType: 'select',
      valueEnum: valueEnumOf(CLAIM_STEPS),
      width: 116,
      render: (_, r) => <StepTag step={r.step} />,
    },
    {
      title: '案件状态',
      dataIndex: 'phase',
      hideInSearch: true,
      width: 88,
      render: (_, r) => (
        <Space direction="vertical" size={2}>
          <PhaseTag phase={r.phase} />
          {r.closeType && r.phase === 'closed' ? <Tag>{r.closeTypeLabel}</Tag> : null}
        </Space>
      ),
    },
    {
      title: '金额（元）',
      dataIndex: 'payoutTotal',
      hideInSearch: true,
      width: 124,
      align: 'right',
      render: (_, r) => <AmountCell row={r} />,
    },
    {
      title: '预警',
      dataIndex: 'lateReport',
      hideInSearch: true,
      width: 88,
      render: (_, r) => <FlagTags claim={r} unpaidDays={rules.data?.claimUnpaidFlagDays} />,
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: insurer ? 88 : 60,
      render: (_, r) => {
        const open = r.phase !== 'closed' && r.phase !== 'withdrawn';
        const lead = insurer && user?.orgId === r.insurerId;
        return [
          <Typography.Link key="detail" onClick={() => navigate(`${paths.detail}?id=${r.id}`)}>
            详情
          </Typography.Link>,
          insurer && open && lead ? (
            <Action key="edit" name="edit">
              <Typography.Link onClick={() => navigate(`${INSURER_PATHS.edit}?id=${r.id}`)}>
                办理
              </Typography.Link>
            </Action>
          ) : null,
        ];
      },
    },
  ];

  const doExport = async () => {
    setExporting(true);
    try {
      await exportClaims({ ...filters, ...tabFilter(tab) });
      message.success('导出成功');
    } catch {
      // shown by the API client
    } finally {
      setExporting(false);
    }
  };

  const tabs: Array<{ key: Tab; label: ReactNode }> = [
    { key: 'all', label: tabLabel('all', '全部') },
    ...CLAIM_PHASES.map((p) => ({ key: p.value as Tab, label: tabLabel(p.value as Tab, p.label, p.color) })),
    { key: 'late', label: tabLabel('late', '逾期报案', 'orange') },
    ...(insurer ? [{ key: 'unpaid' as Tab, label: tabLabel('unpaid', '超期未付', 'red') }] : []),
  ];

  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
      <PagedTable<ClaimRow, SearchValues>
        actionRef={actionRef}
        columns={columns}
        params={tabFilter(tab)}
        scroll={{ x: 'max-content' }}
        defaultSize="middle"
        columnsState={{
          // At 1440 px (middle density) the columns that say where each claim stands fit without
          // scrolling; the policy number, district and report time can be switched on in the column
          // setting, and the density switched back.
          defaultValue: DEFAULT_HIDDEN[who],
          persistenceKey: `claim-list-columns-${who}`,
          persistenceType: 'localStorage',
        }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        headerTitle={insurer ? '理赔案件' : '本企业理赔案件'}
        tableExtraRender={() => (
          <Card size="small" styles={{ body: { paddingBlock: 0 } }}>
            <Tabs
              activeKey={tab}
              onChange={(k) => setTab(k as Tab)}
              items={tabs}
              data-testid="claim-phase-tabs"
            />
          </Card>
        )}
        toolBarRender={() => [
          <Action key="add" name="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.add)}>
              {insurer ? '代企业报案' : '报案'}
            </Button>
          </Action>,
          insurer ? (
            <Action key="export" name="export">
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={doExport}>
                导出
              </Button>
            </Action>
          ) : null,
        ]}
        locale={{ emptyText: who === 'enterprise' ? '暂无理赔案件，发生事故后请及时报案' : '暂无理赔案件' }}
        request={async (q) => {
          const next = filtersOf(q as unknown as Record<string, unknown>);
          if (JSON.stringify(next) !== JSON.stringify(filters)) setFilters(next);
          const { pageNo, pageSize } = q;
          return claimApi.list({ ...next, ...tabFilter(tab), pageNo, pageSize });
        }}
      />
    </Card>
  );
}
