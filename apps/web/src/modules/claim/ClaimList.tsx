import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { ClaimPhase } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Space, Tabs, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PagedTable } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import { CLAIM_PHASES, DISTRICTS } from '../../platform/contracts.ts';
import { CLAIM_KEY, type ClaimFilters, type ClaimRow, claimApi, exportClaims } from './api.ts';
import { CLAIM_COLUMNS_HIDDEN, claimColumns, claimFiltersOf } from './columns.tsx';
import { ENT_PATHS, INSURER_PATHS } from './model.ts';

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

type Tab = 'all' | ClaimPhase | 'late' | 'unpaid';

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
    ...claimColumns({
      side: who,
      onOpen: (r) => navigate(`${paths.detail}?id=${r.id}`),
      districts: DISTRICTS,
      unpaidDays: rules.data?.claimUnpaidFlagDays,
    }),
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
          defaultValue: Object.fromEntries(CLAIM_COLUMNS_HIDDEN[who].map((k) => [k, { show: false }])),
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
          const {
            phase: _phase,
            flag: _flag,
            ...next
          } = claimFiltersOf(q as unknown as Record<string, unknown>);
          if (JSON.stringify(next) !== JSON.stringify(filters)) setFilters(next);
          const { pageNo, pageSize } = q;
          return claimApi.list({ ...next, ...tabFilter(tab), pageNo, pageSize });
        }}
      />
    </Card>
  );
}
