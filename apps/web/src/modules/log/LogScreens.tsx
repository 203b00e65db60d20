import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import type { LogChainCheck } from '@aqzrx/contracts';
import { Alert, App, Button, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import {
  CutText,
  cleanParams,
  dateTimeSecondsText,
  EXPAND_COLUMN_WIDTH,
  numberRule,
  PagedTable,
  rangeParams,
  tableWidth,
  valueEnumOf,
} from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  LOG_KIND_OPTIONS,
  LOG_OUTCOMES,
  LOG_RETENTION_DAYS,
  optionLabel,
  PUSH_STATUS,
  roleDisplayName,
} from '../../platform/contracts.ts';
import {
  downloadOpLogs,
  type OpLogRow,
  type PushLogRow,
  type RequestLogRow,
  searchOpLogs,
  searchPushLogs,
  searchRequestLogs,
  verifyLogChain,
} from './api.ts';

type Filters = Record<string, unknown>;

/** Times, numbers and codes never wrap mid-value. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

const timeRange = (startKey = 'startTime', endKey = 'endTime'): ProColumns<never> => ({
  title: '时间范围',
  dataIndex: 'timeRange',
  valueType: 'dateTimeRange',
  hideInTable: true,
  search: { transform: (v) => rangeParams(v, startKey, endKey, true) },
});

function query<T>(
  load: (p: Record<string, string | number>) => Promise<T>,
  remember?: (filters: Record<string, string | number>) => void,
) {
  return (params: Record<string, unknown>) => {
    const { pageNo, pageSize, sortField, sortOrder, ...rest } = params as Record<string, unknown>;
    const filters = cleanParams(rest);
    remember?.(filters);
    return load({
      ...filters,
      pageNo: pageNo as number,
      pageSize: pageSize as number,
      ...(sortOrder ? { sortOrder: sortOrder as string } : {}),
      ...(sortField ? { sortField: sortField as string } : {}),
    });
  };
}

const KIND_COLOR: Record<string, string> = {
  add: 'green',
  edit: 'blue',
  delete: 'red',
  export: 'purple',
  import: 'cyan',
  security: 'orange',
  login: 'geekblue',
  logout: 'default',
};

/** The verifier's answer in words: passed, or the first row that fails. */
function ChainResult({ check }: { check: LogChainCheck }) {
  return (
    <Alert
      type={check.ok ? 'success' : 'error'}
      showIcon
      data-testid="chain-result"
      message={check.ok ? '日志完整性校验通过' : '日志完整性校验失败'}
      description={check.message}
    />
  );
}

/**
 * 操作日志 (AdminLog of the audit administrator, GovLog, InsuranceLog, and the security administrator's
 * AuditorLog): read-only operation log with the kind, user, module, outcome and time filters. No row can be
 * edited or deleted from here or through the API. Where the route offers 详情 (audit.get, the audit
 * administrator) 校验完整性 walks the log's tamper-evident chain.
 */
export function OperationLog({ title = '操作日志', notice }: { title?: string; notice?: ReactNode } = {}) {
  const { message, modal } = App.useApp();
  const lastFilters = useRef<Record<string, string | number>>({});
  const [exporting, setExporting] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const verify = async () => {
    setVerifying(true);
    try {
      const check = await verifyLogChain();
      modal[check.ok ? 'success' : 'error']({
        title: '操作日志完整性校验',
        width: 520,
        content: <ChainResult check={check} />,
        okText: '知道了',
      });
    } catch {
      // The client has shown the refusal.
    } finally {
      setVerifying(false);
    }
  };
  const exportLogs = async () => {
    setExporting(true);
    try {
      const n = await downloadOpLogs(lastFilters.current);
      message.success(`已导出 ${n} 条日志`);
    } catch {
      // The client has shown the refusal.
    } finally {
      setExporting(false);
    }
  };
  // Widths fit the list beside the menu at 1440 px (LIST_WIDTH_AT_1440, with the expand column): every
  // column in view without scrolling sideways. Date over time, role under user and duration under IP share
  // cells; long texts are cut with the whole on hover; the object and the parameters are in the expanded row.
  const columns: ProColumns<OpLogRow>[] = [
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 100,
      search: false,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, r) => {
        const [date, time] = dateTimeSecondsText(r.createdAt).split(' ');
        return (
          <span style={ONE_LINE}>
            {date}
            {time ? (
              <>
                <br />
                <Typography.Text type="secondary">{time}</Typography.Text>
              </>
            ) : null}
          </span>
        );
      },
    },
    {
      title: '操作类型',
      dataIndex: 'kind',
      width: 84,
      valueType: 'select',
      valueEnum: valueEnumOf(LOG_KIND_OPTIONS),
      initialValue: 'all',
      fieldProps: { allowClear: false },
      render: (_, r) => (
        <Tag color={KIND_COLOR[r.kind] ?? 'default'}>{optionLabel(LOG_KIND_OPTIONS, r.kind) || r.kind}</Tag>
      ),
    },
    {
      title: '用户/角色',
      dataIndex: 'username',
      width: 150,
      fieldProps: { placeholder: '用户名' },
      render: (_, r) => (
        <>
          <CutText text={r.username || '-'} width={134} />
          <CutText text={r.roleKey ? roleDisplayName(r.roleKey) : '-'} width={134} secondary />
        </>
      ),
    },
    { title: '所属机构', dataIndex: 'orgName', width: 130, search: false, ellipsis: true },
    {
      title: '模块',
      dataIndex: 'module',
      width: 100,
      ellipsis: true,
      fieldProps: { placeholder: '如 用户管理' },
    },
    {
      // The operation by name (its route's declared name); the request itself is in the expanded row.
      title: '操作',
      dataIndex: 'operation',
      width: 180,
      search: false,
      render: (_, r) => <CutText text={r.operation || '-'} width={164} />,
    },
    {
      title: '结果',
      dataIndex: 'outcome',
      width: 72,
      valueType: 'select',
      valueEnum: valueEnumOf(LOG_OUTCOMES),
      render: (_, r) =>
        r.outcome === 'fail' ? (
          <Tooltip title={r.errorMsg || undefined}>
            <Tag color="error">失败</Tag>
          </Tooltip>
        ) : (
          <Tag color="success">成功</Tag>
        ),
    },
    {
      title: 'IP/耗时',
      dataIndex: 'ip',
      width: 128,
      search: false,
      render: (_, r) => (
        <>
          <CutText text={r.ip || '-'} width={112} />
          <Typography.Text type="secondary" style={ONE_LINE}>
            {r.durationMs} ms
          </Typography.Text>
        </>
      ),
    },
    timeRange() as ProColumns<OpLogRow>,
  ];
  return (
    <>
      {notice && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={notice} />}
      <PagedTable<OpLogRow, Filters>
        headerTitle={title}
        tooltip="日志只读，不能修改或删除"
        columns={columns}
        scroll={{ x: tableWidth(columns) + EXPAND_COLUMN_WIDTH }}
        search={{ labelWidth: 'auto' }}
        request={query(searchOpLogs, (f) => {
          lastFilters.current = f;
        })}
        locale={{ emptyText: '没有符合条件的操作日志' }}
        toolBarRender={() => [
          <Action name="get" key="verify">
            <Button icon={<SafetyCertificateOutlined />} loading={verifying} onClick={verify}>
              校验完整性
            </Button>
          </Action>,
          <Action name="export" key="export">
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportLogs}>
              导出
            </Button>
          </Action>,
        ]}
        expandable={{
          expandedRowRender: (r) => (
            <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              <div>
                <b>请求：</b>
                {r.method} {r.path}
              </div>
              <div>
                <b>对象：</b>
                {r.targetId || '-'}
              </div>
              <div>
                <b>请求编号：</b>
                {r.requestId || '-'}
              </div>
              <div>
                <b>参数：</b>
                {r.params || '-'}
              </div>
              {r.errorMsg && (
                <div>
                  <b>错误：</b>
                  {r.errorMsg}
                </div>
              )}
            </div>
          ),
        }}
      />
    </>
  );
}

/**
 * 操作日志 of the audit administrator (AdminLog): every row but the audit administrators' own, which the
 * security administrator reviews (三权分立, security.md Z04).
 */
export function AuditLog() {
  return <OperationLog notice="审计管理员本人的操作不在此列表中，由安全管理员在“审计员日志”中审查。" />;
}

/** 审计员日志 (AuditorLog, the security administrator): the audit administrators' own operations only. */
export function AuditorLog() {
  return (
    <OperationLog
      title="审计员日志"
      notice="这里只列出审计管理员的操作（登录、查询、导出、校验等）。审计管理员看不到自己的操作记录，由安全管理员审查。"
    />
  );
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

function statusColor(s: number): string {
  if (s >= 500) return 'error';
  if (s >= 400) return 'warning';
  if (s >= 300) return 'processing';
  return 'success';
}

/** 请求日志 (RequestLog): every API request with status and duration, kept 180 days. */
export function RequestLog() {
  const columns: ProColumns<RequestLogRow>[] = [
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 165,
      search: false,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, r) => dateTimeSecondsText(r.createdAt),
    },
    {
      title: '方法',
      dataIndex: 'method',
      width: 90,
      valueType: 'select',
      valueEnum: Object.fromEntries(METHODS.map((m) => [m, { text: m }])),
      render: (_, r) => <code>{r.method}</code>,
    },
    {
      title: '路径',
      dataIndex: 'path',
      width: 320,
      ellipsis: true,
      fieldProps: { placeholder: '包含的路径片段' },
    },
    {
      title: '状态码',
      dataIndex: 'status',
      width: 90,
      valueType: 'digit',
      // ProTable's digit field clamps to min 0 unless told otherwise; the rule refuses instead.
      fieldProps: { min: Number.MIN_SAFE_INTEGER, placeholder: '如 403' },
      formItemProps: { rules: [numberRule('状态码', { min: 100, max: 599, decimals: 0 })] },
      render: (_, r) => <Tag color={statusColor(r.status)}>{r.status}</Tag>,
    },
    {
      title: '耗时',
      dataIndex: 'durationMs',
      width: 100,
      search: false,
      align: 'right',
      render: (_, r) => (
        <span style={{ color: r.durationMs > 1000 ? '#cf1322' : undefined }}>{r.durationMs} ms</span>
      ),
    },
    {
      title: '用户',
      dataIndex: 'userId',
      width: 140,
      valueType: 'digit',
      fieldProps: { min: Number.MIN_SAFE_INTEGER, placeholder: '用户编号' },
      formItemProps: { rules: [numberRule('用户编号', { min: 1, decimals: 0 })] },
      render: (_, r) => (r.userId ? `${r.username || '-'}（${r.userId}）` : '匿名'),
    },
    { title: 'IP', dataIndex: 'ip', width: 130, search: false },
    { title: '请求编号', dataIndex: 'requestId', width: 200, search: false, ellipsis: true, copyable: true },
    timeRange() as ProColumns<RequestLogRow>,
  ];
  return (
    <PagedTable<RequestLogRow, Filters>
      headerTitle="请求日志"
      tooltip={`记录每个接口请求，保留 ${LOG_RETENTION_DAYS} 天`}
      columns={columns}
      scroll={{ x: 1350 }}
      search={{ labelWidth: 'auto' }}
      request={query(searchRequestLogs)}
      locale={{ emptyText: '没有符合条件的请求日志' }}
    />
  );
}

/** 推送日志 (PushLog): records of data pushed to external systems. */
export function PushLog() {
  const columns: ProColumns<PushLogRow>[] = [
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 165,
      search: false,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, r) => dateTimeSecondsText(r.createdAt),
    },
    { title: '目标系统', dataIndex: 'targetSystem', width: 140, fieldProps: { placeholder: '目标系统' } },
    { title: '数据类型', dataIndex: 'dataKind', width: 120, fieldProps: { placeholder: '如 policy' } },
    { title: '记录编号', dataIndex: 'recordId', width: 140, fieldProps: { placeholder: '记录编号' } },
    { title: '内容摘要', dataIndex: 'payloadSummary', width: 240, search: false, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      valueType: 'select',
      valueEnum: valueEnumOf(PUSH_STATUS),
      render: (_, r) => (
        <Tag color={PUSH_STATUS.find((s) => s.value === r.status)?.color ?? 'default'}>
          {r.statusLabel || optionLabel(PUSH_STATUS, r.status)}
        </Tag>
      ),
    },
    {
      title: '响应码',
      dataIndex: 'responseCode',
      width: 80,
      search: false,
      render: (_, r) => r.responseCode ?? '-',
    },
    { title: '尝试次数', dataIndex: 'attempts', width: 90, search: false, align: 'right' },
    { title: '错误信息', dataIndex: 'errorMsg', width: 200, search: false, ellipsis: true },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 165,
      search: false,
      render: (_, r) => dateTimeSecondsText(r.updatedAt),
    },
    timeRange() as ProColumns<PushLogRow>,
  ];
  return (
    <PagedTable<PushLogRow, Filters>
      headerTitle="推送日志"
      columns={columns}
      scroll={{ x: 1550 }}
      search={{ labelWidth: 'auto' }}
      request={query(searchPushLogs)}
      locale={{ emptyText: '暂无推送记录' }}
    />
  );
}
