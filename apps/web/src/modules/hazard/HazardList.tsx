import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PagedTable, rangeParams } from '../../components/index.ts';
import {
  DISPOSE_REASONS,
  HANDLING_KINDS,
  HAZARD_LEVELS,
  HAZARD_SOURCES,
  RECTIFY_STATUS,
} from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { type HazardFilters, type HazardItem, hazardApi } from './api.ts';
import { DeadlineText, DisposeReasonTags, LevelTag, SourceTag, StateCell } from './parts.tsx';

export type HazardListRole = 'gov' | 'insurer' | 'provider' | 'enterprise';

type SearchValues = {
  keyword?: string;
  level?: string;
  source?: string;
  rectifyStatus?: string;
  overdue?: string;
  districtCode?: string;
  disposeReason?: string;
  checked?: [string, string];
};

const YES_NO = { true: { text: '是' }, false: { text: '否' } };

/** The filters the search form holds, as hazard/list takes them. */
export function hazardFiltersOf(q: Record<string, unknown>): HazardFilters {
  const out: Record<string, unknown> = {};
  for (const k of ['keyword', 'districtCode', 'disposeReason'] as const) {
    const v = q[k];
    if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  }
  for (const k of ['level', 'source', 'rectifyStatus'] as const) {
    if (q[k] !== undefined && q[k] !== '' && q[k] !== null) out[k] = Number(q[k]);
  }
  if (q.overdue === 'true' || q.overdue === true) out.overdue = 'true';
  if (q.overdue === 'false' || q.overdue === false) out.overdue = 'false';
  Object.assign(out, rangeParams(q.checked, 'checkFrom', 'checkTo'));
  return out as HazardFilters;
}

/**
 * The hazards of every role (hazard/list answers only the caller's own scope; `dispose` asks the
 * regulator's list of those needing its action): level colours, the spec 4 status with the overdue flag,
 * filters by level, source, status, overdue, district (regulator) and check date.
 */
export function HazardList({
  who,
  dispose = false,
  fixed = {},
  onOpen,
  title,
  toolbar,
  actionRef,
  extraAction,
  emptyText = '暂无隐患',
  testId = 'hazard-list',
}: {
  who: HazardListRole;
  /** The regulator's 处置 list (hazard/dispose-list). */
  dispose?: boolean;
  /** Filters every call carries (to-review, enterprise…). */
  fixed?: HazardFilters;
  onOpen: (row: HazardItem) => void;
  title?: ReactNode;
  toolbar?: ReactNode[];
  actionRef?: React.RefObject<ActionType | undefined>;
  extraAction?: (row: HazardItem) => ReactNode;
  emptyText?: string;
  testId?: string;
}) {
  const districts = useDistrictOptions();
  const columns: ProColumns<HazardItem>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: who === 'enterprise' ? '隐患描述/部位' : '企业名称/隐患描述' },
    },
    ...(who === 'enterprise'
      ? []
      : [
          {
            title: '企业',
            dataIndex: 'enterpriseName',
            search: false,
            width: 180,
            ellipsis: true,
          } as ProColumns<HazardItem>,
        ]),
    ...(who === 'gov'
      ? [
          {
            title: '所属区县',
            dataIndex: 'districtCode',
            width: 90,
            valueType: 'select',
            valueEnum: Object.fromEntries(districts.options.map((d) => [d.value, { text: d.label }])),
            render: (_, r) => r.districtName,
          } as ProColumns<HazardItem>,
        ]
      : []),
    {
      title: '隐患描述',
      dataIndex: 'description',
      search: false,
      width: 240,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Link onClick={() => onOpen(r)} data-testid={`hazard-${r.id}`}>
            {r.description.length > 40 ? `${r.description.slice(0, 40)}…` : r.description}
          </Typography.Link>
          {r.location ? <Typography.Text type="secondary">部位：{r.location}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: '隐患等级',
      dataIndex: 'level',
      valueType: 'select',
      valueEnum: HAZARD_LEVELS.valueEnum,
      width: 100,
      render: (_, r) => <LevelTag level={r.level} label={r.levelLabel} />,
    },
    ...(dispose
      ? [
          {
            title: '处置原因',
            dataIndex: 'disposeReason',
            valueType: 'select',
            valueEnum: DISPOSE_REASONS.valueEnum,
            width: 150,
            render: (_, r) => <DisposeReasonTags reasons={r.disposeReasons} />,
          } as ProColumns<HazardItem>,
        ]
      : []),
    ...(who === 'enterprise' || who === 'provider'
      ? []
      : [
          {
            title: '来源',
            dataIndex: 'source',
            valueType: 'select',
            valueEnum: HAZARD_SOURCES.valueEnum,
            width: 130,
            render: (_, r) => <SourceTag source={r.source} label={r.sourceLabel} />,
          } as ProColumns<HazardItem>,
        ]),
    {
      title: '发现单位/人',
      dataIndex: 'finderOrgName',
      search: false,
      width: 170,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.finderOrgName || '-'}</span>
          {r.foundBy ? <Typography.Text type="secondary">{r.foundBy}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: '检查日期',
      dataIndex: 'checked',
      valueType: 'dateRange',
      width: 110,
      render: (_, r) => r.checkDate,
    },
    {
      title: '整改期限',
      dataIndex: 'deadline',
      search: false,
      width: 110,
      render: (_, r) => <DeadlineText h={r} />,
    },
    {
      title: '整改状态',
      dataIndex: 'rectifyStatus',
      valueType: 'select',
      valueEnum: RECTIFY_STATUS.valueEnum,
      width: 170,
      render: (_, r) => <StateCell h={r} />,
    },
    {
      title: '是否逾期',
      dataIndex: 'overdue',
      hideInTable: true,
      valueType: 'select',
      valueEnum: YES_NO,
    },
    ...(who === 'gov'
      ? [
          {
            title: '监管处置',
            dataIndex: 'lastHandling',
            search: false,
            width: 110,
            render: (_, r) =>
              r.handlingCount
                ? `${HANDLING_KINDS.label(r.lastHandling) || r.lastHandling}（${r.handlingCount}次）`
                : '未处置',
          } as ProColumns<HazardItem>,
        ]
      : []),
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: extraAction ? 130 : 60,
      render: (_, r) => [
        <Typography.Link key="open" onClick={() => onOpen(r)}>
          查看
        </Typography.Link>,
        extraAction ? <span key="extra">{extraAction(r)}</span> : null,
      ],
    },
  ];

  return (
    <PagedTable<HazardItem, SearchValues>
      actionRef={actionRef}
      rowKey="id"
      columns={columns}
      params={fixed as SearchValues}
      scroll={{ x: 'max-content' }}
      search={{ labelWidth: 'auto', defaultCollapsed: true }}
      headerTitle={title}
      data-testid={testId}
      toolBarRender={() => toolbar ?? []}
      locale={{ emptyText }}
      request={async (q) => {
        const next = hazardFiltersOf(q as unknown as Record<string, unknown>);
        const call = dispose ? hazardApi.disposeList : hazardApi.list;
        return call({ ...next, ...fixed, pageNo: q.pageNo, pageSize: q.pageSize });
      }}
    />
  );
}
