import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { ConsultItem } from '@aqzrx/contracts';
import { Badge, Space, Typography } from 'antd';
import { type ReactNode, type Ref, useMemo, useState } from 'react';
import { PagedTable, tableWidth } from '../../components/index.ts';
import { CONSULT_STATUS } from '../../platform/contracts.ts';
import { ConsultStatusTag, fmtTime, PublicTag } from './ConsultThread.tsx';
import { listConsults, useConsultClasses } from './consult-api.ts';

type StatusTab = 'all' | `${number}`;

export interface ConsultTableProps {
  /** Opens the consultation (detail route or drawer). */
  onOpen: (row: ConsultItem) => void;
  /** Row buttons (each wrapped in its <Action>). */
  rowActions?: (row: ConsultItem) => ReactNode[];
  /** Buttons on the table's toolbar. */
  toolBar?: ReactNode[];
  /** Show who asked (answerers and managers) and who answered. */
  showParties?: boolean;
  /** The status tab opened first. */
  defaultStatus?: StatusTab;
  /** Consultation ids with an unread answer message (the asker's list marks them). */
  unreadIds?: ReadonlySet<number>;
  actionRef?: Ref<ActionType | undefined>;
  /** Header of the card around the table. */
  headerTitle?: ReactNode;
}

const STATUS_TABS: { key: StatusTab; label: string }[] = [
  { key: 'all', label: '全部' },
  ...CONSULT_STATUS.map((o) => ({ key: String(o.value) as StatusTab, label: o.label })),
];

/**
 * The consultation list every role uses: status tabs (全部 / 待回复 / 已回复 / 已关闭), a keyword and
 * class search, newest first within status (server order).
 */
export function ConsultTable({
  onOpen,
  rowActions,
  toolBar,
  showParties = false,
  defaultStatus = 'all',
  unreadIds,
  actionRef,
  headerTitle,
}: ConsultTableProps) {
  const [status, setStatus] = useState<StatusTab>(defaultStatus);
  const classes = useConsultClasses();
  const classEnum = useMemo(
    () => Object.fromEntries((classes.data ?? []).map((c) => [c.id, { text: c.name }])),
    [classes.data],
  );

  // Widths fit the card beside the menu at 1440 px (about 1,020 px): every column visible, none under
  // the fixed 操作 column (an empty list keeps its headers too). With the parties shown, who asked and
  // who answered each carry their time on a second line.
  const columns: ProColumns<ConsultItem>[] = [
    {
      title: '关键词',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '标题、问题或答复内容', maxLength: 100 },
    },
    {
      title: '咨询标题',
      dataIndex: 'title',
      search: false,
      width: showParties ? 220 : 260,
      render: (_, row) => (
        <Space size={4} style={{ maxWidth: '100%' }}>
          {unreadIds?.has(row.id) && <Badge status="error" title="有新答复" />}
          <Typography.Link
            onClick={() => onOpen(row)}
            ellipsis
            title={row.title}
            style={{ display: 'block', maxWidth: showParties ? 196 : 236 }}
          >
            {row.title}
          </Typography.Link>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 140,
      render: (_, row) => (
        <Space size={4} direction="vertical">
          <ConsultStatusTag status={row.status} />
          <PublicTag isPublic={row.isPublic} />
          {unreadIds?.has(row.id) && <Typography.Text type="danger">新答复</Typography.Text>}
        </Space>
      ),
    },
    {
      title: '咨询分类',
      dataIndex: 'classId',
      valueType: 'select',
      valueEnum: classEnum,
      width: 110,
      ellipsis: true,
      render: (_, row) => row.className,
    },
    ...(showParties
      ? [
          {
            title: '提问企业/时间',
            dataIndex: 'askerOrgName',
            search: false,
            width: 180,
            render: (_: unknown, row: ConsultItem) => (
              <Party name={row.askerOrgName || row.askerName} time={fmtTime(row.createdAt)} width={164} />
            ),
          } satisfies ProColumns<ConsultItem>,
          {
            title: '答复人/时间',
            dataIndex: 'answererName',
            search: false,
            width: 150,
            render: (_: unknown, row: ConsultItem) =>
              row.answeredAt ? (
                <Party
                  name={row.answererOrgName || row.answererName}
                  time={fmtTime(row.answeredAt)}
                  width={134}
                />
              ) : (
                '—'
              ),
          } satisfies ProColumns<ConsultItem>,
        ]
      : [
          {
            title: '提问时间',
            dataIndex: 'createdAt',
            search: false,
            width: 140,
            render: (_: unknown, row: ConsultItem) => fmtTime(row.createdAt),
          } satisfies ProColumns<ConsultItem>,
          {
            title: '答复时间',
            dataIndex: 'answeredAt',
            search: false,
            width: 140,
            render: (_: unknown, row: ConsultItem) => fmtTime(row.answeredAt),
          } satisfies ProColumns<ConsultItem>,
        ]),
    {
      title: '操作',
      valueType: 'option',
      width: showParties ? 200 : 120,
      fixed: 'right',
      // Whole links, wrapping to a second line when a row offers many.
      render: (_, row) => (
        <Space size={[12, 4]} wrap style={{ whiteSpace: 'nowrap' }}>
          <Typography.Link key="open" onClick={() => onOpen(row)}>
            查看
          </Typography.Link>
          {rowActions?.(row)}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="consult-table">
      <PagedTable<ConsultItem, { keyword?: string; classId?: string; status?: string }>
        actionRef={actionRef}
        columns={columns}
        params={{ status: status === 'all' ? undefined : status }}
        // The tab key and the class select carry their values as text; the query takes numbers.
        request={({ status: st, classId, ...q }) =>
          listConsults({
            ...q,
            status: st === undefined ? undefined : Number(st),
            classId: classId === undefined ? undefined : Number(classId),
          })
        }
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ reload: true, density: false, setting: false }}
        scroll={{ x: tableWidth(columns) }}
        headerTitle={headerTitle}
        toolBarRender={() => toolBar ?? []}
        toolbar={{
          menu: {
            type: 'tab',
            activeKey: status,
            items: STATUS_TABS,
            onChange: (key) => setStatus((key as StatusTab) ?? 'all'),
          },
        }}
        locale={{ emptyText: '暂无咨询' }}
      />
    </div>
  );
}

/** Who asked or answered, with the time under it; a long name is cut with its whole text on hover. */
function Party({ name, time, width }: { name: string; time: string; width: number }) {
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: width }}>
        {name || '—'}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {time}
      </Typography.Text>
    </Space>
  );
}
