import { DownloadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Space, Typography } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { DateTimeCell, PagedTable, rangeParams, valueEnumOf } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { COMPLAINT_CATEGORIES, COMPLAINT_STATES, COMPLAINT_TARGET_KINDS } from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { insurerOptions } from '../insurer/index.ts';
import { type ComplaintFilters, type ComplaintRow, complaintApi, exportComplaints } from './api.ts';
import { ComplaintStateTag, DeadlineCell, satisfiedText } from './parts.tsx';

/**
 * Whose list: `filed` — the complaints the caller's organisation filed (我的投诉); `handled` — those the
 * insurer or the operations centre handles or that are against it; `gov` — every complaint of the
 * regulator's districts.
 */
export type ComplaintListView = 'filed' | 'handled' | 'gov';

/** A quick view of a complaint list: its tab and the filters it adds. */
export interface ComplaintTab {
  key: string;
  label: string;
  filters: Omit<ComplaintFilters, 'view'>;
}

type SearchValues = {
  keyword?: string;
  state?: string;
  targetKind?: string;
  category?: string;
  orgId?: string;
  districtCode?: string;
  overdue?: string;
  submitted?: [string, string];
};

/** The search form's values as the list/export calls take them. */
export function complaintFiltersOf(q: Record<string, unknown>): Omit<ComplaintFilters, 'view'> {
  const out: Record<string, unknown> = {};
  for (const k of ['keyword', 'targetKind', 'category', 'districtCode'] as const) {
    const v = q[k];
    if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  }
  for (const k of ['state', 'orgId'] as const) {
    if (q[k] !== undefined && q[k] !== '' && q[k] !== null) out[k] = Number(q[k]);
  }
  if (q.overdue === 'true' || q.overdue === true) out.overdue = true;
  Object.assign(out, rangeParams(q.submitted, 'from', 'to'));
  return out as Omit<ComplaintFilters, 'view'>;
}

/**
 * The complaint list of every role, overdue first then by deadline (the server's order): filters by
 * keyword, state, type of unit complained about, category, unit, district and submission time; export
 * to .xlsx on the handling lists.
 */
export function ComplaintTable({
  view,
  onOpen,
  toolbar,
  exportable = false,
  title,
  fixed = {},
  emptyText = '暂无投诉',
  tabs,
}: {
  view: ComplaintListView;
  onOpen: (row: ComplaintRow) => void;
  toolbar?: ReactNode[];
  exportable?: boolean;
  title?: ReactNode;
  /** Filters every call carries (e.g. overdue only). */
  fixed?: Omit<ComplaintFilters, 'view'>;
  emptyText?: string;
  /** Quick views above the table (全部, 待受理, 已超期 …), each with the filters it adds. */
  tabs?: ComplaintTab[];
}) {
  const { message } = App.useApp();
  const [tab, setTab] = useState(tabs?.[0]?.key ?? '');
  const tabFilters = tabs?.find((t) => t.key === tab)?.filters ?? {};
  const fixedAll = { ...fixed, ...tabFilters };
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [filters, setFilters] = useState<Omit<ComplaintFilters, 'view'>>({});
  const [exporting, setExporting] = useState(false);
  const districts = useDistrictOptions();
  const gov = view === 'gov';
  const insurers = useQuery({
    queryKey: ['insurer', 'options'],
    queryFn: insurerOptions,
    enabled: gov,
    staleTime: 5 * 60_000,
  });
  const insurerEnum = useMemo(
    () => Object.fromEntries((insurers.data ?? []).map((i) => [String(i.id), { text: i.name }])),
    [insurers.data],
  );
  const serverView = view === 'filed' ? 'filed' : 'handled';

  const columns: ProColumns<ComplaintRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '编号/标题/投诉人/被投诉人', maxLength: 50 },
    },
    {
      title: '投诉标题',
      dataIndex: 'title',
      search: false,
      width: 200,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Link
            onClick={() => onOpen(r)}
            ellipsis
            title={r.title}
            style={{ display: 'block', maxWidth: 184 }}
            data-testid={`complaint-${r.id}`}
          >
            {r.title}
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.complaintNo} · {r.categoryLabel}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: valueEnumOf(COMPLAINT_STATES),
      width: 96,
      render: (_, r) => (
        <Space direction="vertical" size={2}>
          <ComplaintStateTag state={r.state} label={r.stateLabel} />
          {r.satisfied !== null ? (
            <Typography.Text type={r.satisfied ? 'success' : 'danger'} style={{ fontSize: 12 }}>
              {satisfiedText(r.satisfied)}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: '答复期限',
      dataIndex: 'deadline',
      search: false,
      width: 130,
      render: (_, r) => <DeadlineCell row={r} />,
    },
    {
      title: '被投诉人类型',
      dataIndex: 'targetKind',
      valueType: 'select',
      valueEnum: valueEnumOf(COMPLAINT_TARGET_KINDS),
      hideInTable: true,
    },
    {
      title: '投诉类别',
      dataIndex: 'category',
      valueType: 'select',
      valueEnum: valueEnumOf(COMPLAINT_CATEGORIES),
      hideInTable: true,
    },
    {
      title: '被投诉人 / 办理单位',
      dataIndex: 'targetName',
      search: false,
      width: 190,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text ellipsis={{ tooltip: r.targetName }} style={{ maxWidth: 174 }}>
            {r.targetName}
          </Typography.Text>
          <Typography.Text
            type="secondary"
            ellipsis={{ tooltip: r.handlerName }}
            style={{ fontSize: 12, maxWidth: 174 }}
          >
            {r.targetKindLabel} · 办理：{r.handlerName}
          </Typography.Text>
        </Space>
      ),
    },
    ...(view === 'filed'
      ? []
      : [
          {
            title: '投诉人',
            dataIndex: 'complainantName',
            search: false,
            width: 150,
            render: (_: unknown, r: ComplaintRow) => (
              <Typography.Text ellipsis={{ tooltip: r.complainantName }} style={{ maxWidth: 134 }}>
                {r.complainantName}
              </Typography.Text>
            ),
          } satisfies ProColumns<ComplaintRow>,
        ]),
    ...(gov
      ? [
          {
            title: '单位',
            dataIndex: 'orgId',
            valueType: 'select',
            valueEnum: insurerEnum,
            hideInTable: true,
            fieldProps: { showSearch: true, placeholder: '被投诉或办理的保险机构' },
          } satisfies ProColumns<ComplaintRow>,
          {
            title: '所属区县',
            dataIndex: 'districtCode',
            valueType: 'select',
            valueEnum: valueEnumOf(districts.options),
            hideInTable: true,
          } satisfies ProColumns<ComplaintRow>,
        ]
      : []),
    ...(view === 'filed'
      ? []
      : [
          {
            title: '超期',
            dataIndex: 'overdue',
            valueType: 'select',
            valueEnum: { true: { text: '仅看超期' } },
            hideInTable: true,
          } satisfies ProColumns<ComplaintRow>,
        ]),
    {
      title: '提交时间',
      dataIndex: 'submitted',
      valueType: 'dateRange',
      width: 110,
      render: (_, r) => <DateTimeCell value={r.submittedAt} />,
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 70,
      render: (_, r) => [
        <Typography.Link key="open" onClick={() => onOpen(r)}>
          {view === 'filed' && r.state === 4 ? '确认' : view !== 'filed' && r.state !== 5 ? '办理' : '查看'}
        </Typography.Link>,
      ],
    },
  ];

  const doExport = async () => {
    setExporting(true);
    try {
      await exportComplaints({ ...filters, ...fixedAll, view: serverView });
      message.success('导出成功');
    } catch {
      // shown by the API client
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="complaint-table">
      <PagedTable<ComplaintRow, SearchValues>
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        params={fixedAll as SearchValues}
        scroll={{ x: 'max-content' }}
        search={{ labelWidth: 'auto', defaultCollapsed: !gov }}
        options={{ reload: true, density: false, setting: false }}
        headerTitle={title}
        rowClassName={(r) => (r.overdue ? 'aq-row-overdue' : '')}
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
        {...(tabs
          ? {
              toolbar: {
                menu: {
                  type: 'tab' as const,
                  activeKey: tab,
                  items: tabs.map((t) => ({ key: t.key, label: t.label })),
                  onChange: (key: React.Key | undefined) => setTab(String(key ?? tabs[0]?.key ?? '')),
                },
              },
            }
          : {})}
        request={async (q) => {
          const next = complaintFiltersOf(q as unknown as Record<string, unknown>);
          if (JSON.stringify(next) !== JSON.stringify(filters)) setFilters(next);
          return complaintApi.list({
            ...next,
            ...fixedAll,
            view: serverView,
            pageNo: q.pageNo,
            pageSize: q.pageSize,
          });
        }}
      />
    </div>
  );
}
