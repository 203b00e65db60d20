import type { ProColumns } from '@ant-design/pro-components';
import { Space, Tag, Typography } from 'antd';
import { CutText, DateTimeCell, regionFilterColumns, valueEnumOf } from '../../components/index.ts';
import { CLAIM_STEPS, type Option } from '../../platform/contracts.ts';
import type { ClaimFilters, ClaimRow } from './api.ts';
import { yuan } from './model.ts';
import { FlagTags, PhaseTag, StepTag } from './parts.tsx';

/** Who reads the list: the enterprise (its own), the insurer (its business), the regulator (its districts). */
export type ClaimListSide = 'enterprise' | 'insurer' | 'gov';

export interface ClaimColumnOptions {
  side: ClaimListSide;
  /** Opens a claim's details (a page on the owners' sides, a drawer for the regulator). */
  onOpen: (row: ClaimRow) => void;
  /** The districts the 所属区县 filter offers (the insurer's and the regulator's lists). */
  districts?: readonly Option<string>[];
  /** Days after registration before an unpaid claim is flagged (the rules' claimUnpaidFlagDays). */
  unpaidDays?: number | undefined;
}

/**
 * Columns off by default: switched on in the column setting of the owners' lists; the regulator's list
 * (no column setting) leaves them out. The rest fit beside the menu at 1440 px.
 */
export const CLAIM_COLUMNS_HIDDEN: Record<ClaimListSide, readonly string[]> = {
  enterprise: ['reportedAt', 'accidentType'],
  insurer: ['policyNo', 'reportedAt', 'accidentType'],
  gov: ['policyNo', 'reportedAt', 'accidentType'],
};

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
    <span className="aq-nowrap">
      <span>{yuan(value)}</span>
      <br />
      <Typography.Text type="secondary">{label}</Typography.Text>
    </span>
  );
}

/**
 * The columns of every claim list — 理赔管理 of the enterprise and of the insurer, 保险业务 of the
 * regulator. A side's extras (the 操作 column, the regulator's phase and flag filters where the owners
 * have tabs) are composed by its screen; CLAIM_COLUMNS_HIDDEN names the columns off by default.
 */
export function claimColumns({
  side,
  onOpen,
  districts = [],
  unpaidDays,
}: ClaimColumnOptions): ProColumns<ClaimRow>[] {
  const own = side === 'enterprise';
  return [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: own ? '报案号/立案号/保单号' : '报案号/立案号/保单号/企业名称' },
    },
    ...(own ? [] : regionFilterColumns<ClaimRow>(districts)),
    {
      title: '出险日期',
      dataIndex: 'accidentRange',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: (v: [string, string]) => ({ accidentFrom: v[0], accidentTo: v[1] }) },
    },
    {
      // China-time days, both included (the server reads a bare date as a China day).
      title: '报案日期',
      dataIndex: 'reportRange',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: (v: [string, string]) => ({ reportFrom: v[0], reportTo: v[1] }) },
    },
    {
      title: '报案年度',
      dataIndex: 'year',
      valueType: 'dateYear',
      hideInTable: true,
      search: { transform: (v: string) => ({ year: Number(String(v).slice(0, 4)) }) },
    },
    {
      title: '报案号',
      key: 'reportNo',
      dataIndex: 'reportNo',
      hideInSearch: true,
      width: 160,
      fixed: 'left',
      render: (_, r) => (
        <Typography.Link className="aq-nowrap" onClick={() => onOpen(r)}>
          {r.reportNo}
        </Typography.Link>
      ),
    },
    ...(own
      ? []
      : ([
          {
            title: '被保险企业',
            key: 'enterpriseName',
            dataIndex: 'enterpriseName',
            hideInSearch: true,
            width: 180,
            render: (_, r) => (
              <>
                <CutText text={r.enterpriseName} width={164} />
                <CutText text={r.districtName} width={164} secondary />
              </>
            ),
          },
        ] as ProColumns<ClaimRow>[])),
    {
      title: '保单号',
      key: 'policyNo',
      dataIndex: 'policyNo',
      hideInSearch: true,
      width: 184,
      render: (_, r) => r.policyNo ?? '-',
    },
    {
      title: '出险时间',
      key: 'accidentAt',
      dataIndex: 'accidentAt',
      hideInSearch: true,
      width: 100,
      render: (_, r) => <DateTimeCell value={r.accidentAt} />,
    },
    {
      title: '报案时间',
      key: 'reportedAt',
      dataIndex: 'reportedAt',
      hideInSearch: true,
      width: 100,
      render: (_, r) => <DateTimeCell value={r.reportedAt} />,
    },
    {
      title: '事故类型',
      key: 'accidentType',
      dataIndex: 'accidentTypeLabel',
      hideInSearch: true,
      width: 90,
      render: (_, r) => r.accidentTypeLabel || <Typography.Text type="secondary">待立案</Typography.Text>,
    },
    {
      title: '事故等级/伤亡',
      key: 'accidentLevel',
      dataIndex: 'accidentLevelLabel',
      hideInSearch: true,
      width: 124,
      render: (_, r) => (
        <>
          {r.accidentLevelLabel ? (
            <CutText text={r.accidentLevelLabel} width={108} />
          ) : (
            <Typography.Text type="secondary">待立案</Typography.Text>
          )}
          <Typography.Text type="secondary" className="aq-nowrap" style={{ display: 'block', fontSize: 12 }}>
            亡{r.deaths} 伤{r.injuries}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '当前环节',
      key: 'step',
      dataIndex: 'step',
      valueType: 'select',
      valueEnum: valueEnumOf(CLAIM_STEPS),
      width: 116,
      render: (_, r) => (
        <Space direction="vertical" size={2}>
          <StepTag step={r.step} />
          <Space size={0}>
            <PhaseTag phase={r.phase} />
            {r.closeType && r.phase === 'closed' ? <Tag>{r.closeTypeLabel}</Tag> : null}
          </Space>
        </Space>
      ),
    },
    {
      title: '金额（元）',
      key: 'amount',
      dataIndex: 'payoutTotal',
      hideInSearch: true,
      width: 124,
      align: 'right',
      render: (_, r) => <AmountCell row={r} />,
    },
    {
      title: '预警',
      key: 'flags',
      dataIndex: 'lateReport',
      hideInSearch: true,
      width: 88,
      render: (_, r) => <FlagTags claim={r} unpaidDays={unpaidDays} />,
    },
  ];
}

/** The server's claim filters from the list's search values (date ranges and years already transformed). */
export function claimFiltersOf(q: Record<string, unknown>): ClaimFilters {
  const out: ClaimFilters = {};
  if (typeof q.keyword === 'string' && q.keyword.trim()) out.keyword = q.keyword.trim();
  if (q.step !== undefined && q.step !== '') out.step = Number(q.step);
  for (const k of [
    'districtCode',
    'wsIndustryCode',
    'accidentFrom',
    'accidentTo',
    'reportFrom',
    'reportTo',
  ] as const) {
    const v = q[k];
    if (typeof v === 'string' && v) out[k] = v;
  }
  if (q.year) out.year = Number(q.year);
  if (typeof q.phase === 'string' && q.phase) out.phase = q.phase as ClaimFilters['phase'];
  if (q.flag === 'late' || q.flag === 'unpaid') out.flag = q.flag;
  return out;
}
