import { DownloadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { App, Badge, Button, Space, Tag, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { PagedTable, rangeParams, valueEnumOf, yuan } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { PLAN_STATUSES, RECORD_STATES, SERVICE_ITEMS, VISIT_STATES } from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { apApi, exportPlans, type PlanFilters, type PlanRow } from './api.ts';
import { OptionTag, plannedText } from './core-parts.tsx';

export type PlanListRole = 'insurer' | 'enterprise' | 'government' | 'provider';

type SearchValues = {
  keyword?: string;
  item?: string;
  status?: string;
  districtCode?: string;
  recordState?: string;
  visitState?: string;
  planned?: [string, string];
};

/** The filters the search form holds, as the list/export calls take them. */
export function planFiltersOf(q: Record<string, unknown>): PlanFilters {
  const out: Record<string, unknown> = {};
  for (const k of ['keyword', 'item', 'districtCode', 'recordState', 'visitState'] as const) {
    const v = q[k];
    if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  }
  if (q.status !== undefined && q.status !== '') out.status = Number(q.status);
  Object.assign(out, rangeParams(q.planned, 'from', 'to'));
  return out as PlanFilters;
}

/**
 * 服务计划/服务记录 list of every role (plan/list answers only the caller's own rows): search by
 * keyword, item, status, district (regulator) and planned dates; export to .xlsx where allowed.
 */
export function PlanList({
  who,
  fixed = {},
  onOpen,
  title,
  toolbar,
  exportable = false,
  actionRef: outerRef,
  extraAction,
  emptyText = '暂无服务计划',
  search = true,
}: {
  who: PlanListRole;
  /** Filters every call carries (project, to-dos…). */
  fixed?: PlanFilters;
  onOpen: (row: PlanRow) => void;
  title?: ReactNode;
  toolbar?: ReactNode[];
  exportable?: boolean;
  actionRef?: React.RefObject<ActionType | undefined>;
  extraAction?: (row: PlanRow) => ReactNode;
  emptyText?: string;
  search?: boolean;
}) {
  const { message } = App.useApp();
  const innerRef = useRef<ActionType | undefined>(undefined);
  const actionRef = outerRef ?? innerRef;
  const [filters, setFilters] = useState<PlanFilters>({});
  const [exporting, setExporting] = useState(false);
  const districts = useDistrictOptions();

  const columns: ProColumns<PlanRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '服务名称/企业/项目' },
    },
    {
      title: '服务名称',
      dataIndex: 'name',
      search: false,
      width: 180,
      render: (_, r) => (
        <Typography.Link onClick={() => onOpen(r)} data-testid={`plan-${r.id}`}>
          {r.name}
        </Typography.Link>
      ),
    },
    {
      title: '服务项目',
      dataIndex: 'item',
      width: 170,
      valueType: 'select',
      valueEnum: valueEnumOf(SERVICE_ITEMS),
      render: (_, r) => (
        <span>
          {r.itemLabel}
          {r.subTypeLabel ? <Typography.Text type="secondary"> / {r.subTypeLabel}</Typography.Text> : null}
        </span>
      ),
    },
    ...(who === 'enterprise'
      ? []
      : [
          {
            title: '被服务单位',
            dataIndex: 'enterpriseName',
            search: false,
            width: 180,
          } as ProColumns<PlanRow>,
        ]),
    ...(who === 'government'
      ? [
          {
            title: '所属区县',
            dataIndex: 'districtCode',
            width: 100,
            valueType: 'select',
            valueEnum: valueEnumOf(districts.options),
            render: (_, r) => r.districtName,
          } as ProColumns<PlanRow>,
          { title: '保险机构', dataIndex: 'insurerName', search: false, width: 160 } as ProColumns<PlanRow>,
        ]
      : []),
    ...(who === 'provider'
      ? [{ title: '项目', dataIndex: 'projectName', search: false, width: 160 } as ProColumns<PlanRow>]
      : [{ title: '服务机构', dataIndex: 'providerName', search: false, width: 160 } as ProColumns<PlanRow>]),
    {
      title: '服务时间',
      dataIndex: 'planned',
      valueType: 'dateRange',
      width: 200,
      render: (_, r) => plannedText(r.plannedStart, r.plannedEnd),
    },
    {
      title: '计划状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: valueEnumOf(PLAN_STATUSES),
      width: 100,
      render: (_, r) => (
        <OptionTag options={PLAN_STATUSES} value={r.status as 0 | 1 | 2} testId="plan-status" />
      ),
    },
    {
      title: '到访确认',
      dataIndex: 'visitState',
      valueType: 'select',
      valueEnum: valueEnumOf(VISIT_STATES),
      width: 110,
      render: (_, r) => <OptionTag options={VISIT_STATES} value={r.visitState as 'confirmed'} />,
    },
    {
      title: '记录',
      dataIndex: 'recordState',
      valueType: 'select',
      valueEnum: valueEnumOf(RECORD_STATES),
      width: 110,
      render: (_, r) =>
        r.recordState ? <OptionTag options={RECORD_STATES} value={r.recordState as 'draft'} /> : '-',
    },
    {
      title: '隐患',
      dataIndex: 'hazardCount',
      search: false,
      width: 80,
      render: (_, r) =>
        r.hazardCount ? (
          <Space size={4}>
            {r.hazardCount}
            {r.majorHazardCount ? <Tag color="red">重大{r.majorHazardCount}</Tag> : null}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: '支出',
      dataIndex: 'spend',
      search: false,
      width: 110,
      align: 'right',
      render: (_, r) => yuan(r.spend),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: extraAction ? 120 : 60,
      render: (_, r) => [
        <Typography.Link key="open" onClick={() => onOpen(r)}>
          {who === 'provider' && r.status !== 2 ? '填写' : '查看'}
        </Typography.Link>,
        extraAction ? <span key="extra">{extraAction(r)}</span> : null,
      ],
    },
  ];

  const doExport = async () => {
    setExporting(true);
    try {
      await exportPlans({ ...filters, ...fixed });
      message.success('导出成功');
    } catch {
      // shown by the API client
    } finally {
      setExporting(false);
    }
  };

  return (
    <PagedTable<PlanRow, SearchValues>
      actionRef={actionRef}
      rowKey="id"
      columns={columns}
      params={fixed as SearchValues}
      scroll={{ x: 'max-content' }}
      search={search ? { labelWidth: 'auto', defaultCollapsed: true } : false}
      headerTitle={title}
      data-testid="plan-list"
      toolBarRender={() => [
        ...(toolbar ?? []),
        exportable ? (
          <Action key="export" name="export">
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={doExport}>
              导出
            </Button>
          </Action>
        ) : null,
      ]}
      locale={{ emptyText }}
      request={async (q) => {
        const next = planFiltersOf(q as unknown as Record<string, unknown>);
        if (JSON.stringify(next) !== JSON.stringify(filters)) setFilters(next);
        return apApi.plans({ ...next, ...fixed, pageNo: q.pageNo, pageSize: q.pageSize });
      }}
    />
  );
}

/** A count in a badge (to-do tabs). */
export const countBadge = (n: number | undefined) =>
  n ? <Badge count={n} size="small" style={{ marginInlineStart: 4 }} /> : null;
