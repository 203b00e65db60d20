import type { ProColumns } from '@ant-design/pro-components';
import { Space, Typography } from 'antd';
import { CutText, regionFilterColumns, valueEnumOf, wan, yuan } from '../../components/index.ts';
import { type Option, POLICY_STATES } from '../../platform/contracts.ts';
import type { PolicyRow } from './api.ts';
import { PolicyStateTag } from './parts.tsx';
import { UnderCoveredTag } from './UnderCoveredTag.tsx';
import '../../components/nowrap.css';

/** Who reads the list: the enterprise (its own), the insurer (its business), the regulator (its districts). */
export type PolicyListSide = 'enterprise' | 'insurer' | 'gov';

export interface PolicyColumnOptions {
  side: PolicyListSide;
  /** Opens a row's details (a page on the owners' sides, a drawer for the regulator). */
  onOpen: (row: PolicyRow) => void;
  /** The states the 状态 filter offers (with their labels). */
  states?: Record<string, { text: string }>;
  /** The districts the 所属区县 filter offers (the insurer's and the regulator's lists). */
  districts?: readonly Option<string>[];
}

/** A draft saved without some values holds 0 for them: shown as not filled in. */
const unfilled = (r: PolicyRow, n: number) => r.status === 'draft' && n === 0;

/**
 * The columns of every policy list — 投保管理 / 保单查询 (enterprise), 保单管理 (insurer), 保险业务 (regulator).
 * A side's extras (the 操作 column, the regulator's 预防费用) are composed by its screen.
 *
 * Widths fit the list beside the menu at 1440 px (LIST_WIDTH_AT_1440) with the extras: numbers, codes
 * and dates never wrap mid-value (two values share a cell on two lines instead), company names are cut
 * with their whole text on hover, district and industry sit under the company name. The filters that
 * are not columns (区县, 行业, 年度) come right after the keyword so a collapsed search form shows them.
 */
export function policyColumns({
  side,
  onOpen,
  states = valueEnumOf(POLICY_STATES),
  districts = [],
}: PolicyColumnOptions): ProColumns<PolicyRow>[] {
  const wide = side === 'enterprise';
  return [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: wide ? '保单号或投保单号' : '保单号/投保单号/企业名称/信用代码' },
    },
    ...(wide ? [] : regionFilterColumns<PolicyRow>(districts, { title: '起保年度' })),
    {
      title: '保单号 / 投保单号',
      dataIndex: 'policyNo',
      search: false,
      width: 178,
      render: (_, r) => (
        <Space direction="vertical" size={0} className="aq-nowrap">
          <Typography.Link onClick={() => onOpen(r)} title={r.policyNo ?? undefined}>
            {r.policyNo ?? '（未出单）'}
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.applicationNo}
          </Typography.Text>
        </Space>
      ),
    },
    ...(wide
      ? []
      : ([
          {
            title: '投保企业',
            dataIndex: 'holderName',
            search: false,
            width: 176,
            render: (_, r) => (
              <>
                <CutText text={r.holderName} width={160} />
                <CutText text={`${r.districtName} · ${r.wsIndustryName || '-'}`} width={160} secondary />
              </>
            ),
          },
        ] as ProColumns<PolicyRow>[])),
    {
      title: '出单机构',
      dataIndex: 'insurerName',
      search: false,
      width: wide ? 220 : 108,
      render: (_, r) => <CutText text={r.insurerName} width={wide ? 204 : 92} />,
    },
    {
      title: '保险期间',
      dataIndex: 'startRange',
      valueType: 'dateRange',
      width: 108,
      search: { transform: (v: [string, string]) => ({ startFrom: v[0], startTo: v[1] }) },
      fieldProps: { placeholder: ['起期从', '起期至'] },
      render: (_, r) => (
        <Space direction="vertical" size={0} className="aq-num">
          <span>{r.startDate} 至</span>
          <span>{r.endDate}</span>
        </Space>
      ),
    },
    {
      title: '参保人数',
      dataIndex: 'headcount',
      search: false,
      align: 'right',
      width: 104,
      render: (_, r) => (
        <Space direction="vertical" size={0} align="end">
          <span className="aq-num">
            {unfilled(r, r.headcount) ? '-' : `${r.headcount.toLocaleString('zh-CN')} 人`}
          </span>
          <UnderCoveredTag row={r} compact />
        </Space>
      ),
    },
    {
      title: (
        <span>
          保额（万元）
          <br />
          保费（元）
        </span>
      ),
      key: 'amounts',
      dataIndex: 'premium',
      search: false,
      align: 'right',
      width: 116,
      render: (_, r) => (
        <Space direction="vertical" size={0} align="end" className="aq-num">
          <span title="保额（万元）">{unfilled(r, r.sumInsured) ? '-' : wan(r.sumInsured, false)}</span>
          <Typography.Text type="secondary" title="保费（元）">
            {unfilled(r, r.premium) ? '-' : yuan(r.premium, false)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: states,
      width: 92,
      render: (_, r) => <PolicyStateTag state={r.state} />,
    },
  ];
}
