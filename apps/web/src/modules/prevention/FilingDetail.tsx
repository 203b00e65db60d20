/** One annual prevention plan filing (预防计划备案) with every version of its year: insurer and regulator. */
import type { ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Skeleton, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { chinaTime, thousands, yuan } from '../../components/index.ts';
import { PREVENTION_FILING_STATUS, SERVICE_ITEMS } from '../../platform/contracts.ts';
import { FileLinks, OptionTag } from './activity-parts.tsx';
import { filingApi, type PreventionFilingDetail, type PreventionFilingRow } from './api-activity.ts';

type HistoryRow = PreventionFilingDetail['history'][number];

export function FilingStatusTag({ row }: { row: Pick<PreventionFilingRow, 'status' | 'statusLabel'> }) {
  return <OptionTag list={PREVENTION_FILING_STATUS} value={row.status} label={row.statusLabel} />;
}

/** Planned services of the year per item 01–07, as a small table. */
/** The figures of a filing row that every filing list shows: planned services, budget and its share, status. */
export const FILING_FIGURE_COLUMNS: ProColumns<PreventionFilingRow>[] = [
  {
    title: '计划服务',
    dataIndex: 'plannedTotal',
    search: false,
    width: 90,
    render: (_, r) => `${r.plannedTotal}次`,
  },
  {
    title: '预算 / 占保费',
    dataIndex: 'budgetAmount',
    search: false,
    width: 150,
    render: (_, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {yuan(r.budgetAmount)}
        <br />
        <Typography.Text type="secondary">{r.budgetRatioPct.toFixed(2)}%</Typography.Text>
      </span>
    ),
  },
  {
    title: '状态',
    dataIndex: 'status',
    valueType: 'select',
    valueEnum: PREVENTION_FILING_STATUS.valueEnum,
    width: 100,
    render: (_, r) => <FilingStatusTag row={r} />,
  },
];

export function PlannedServicesTable({ planned }: { planned: Record<string, number> }) {
  const rows = SERVICE_ITEMS.map((i) => ({ code: i.value, name: i.label, count: planned[i.value] ?? 0 }));
  return (
    <Table
      size="small"
      rowKey="code"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: '服务项目', dataIndex: 'name', render: (n: string, r) => `${r.code} ${n}` },
        { title: '计划次数', dataIndex: 'count', align: 'right', render: (v: number) => thousands(v) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>
            <Typography.Text strong>合计</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <Typography.Text strong>{thousands(rows.reduce((s, r) => s + r.count, 0))}</Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

function FilingBody({ d }: { d: PreventionFilingDetail }) {
  return (
    <>
      {d.status === 'returned' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={`已退回：${d.reviewRemark}`}
          description={`${d.reviewedByName} ${chinaTime(d.reviewedAt)}`}
        />
      )}
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label="保险机构" span={2}>
          {d.insurerName}
        </Descriptions.Item>
        <Descriptions.Item label="年度">{d.year}年</Descriptions.Item>
        <Descriptions.Item label="版本">第{d.versionNo}版</Descriptions.Item>
        <Descriptions.Item label="服务区县" span={2}>
          {d.districtNames}
        </Descriptions.Item>
        <Descriptions.Item label="预计保费收入">{yuan(d.expectedPremium)}</Descriptions.Item>
        <Descriptions.Item label="预防费用预算">{yuan(d.budgetAmount)}</Descriptions.Item>
        <Descriptions.Item label="预算占保费比例">{d.budgetRatioPct.toFixed(2)}%</Descriptions.Item>
        <Descriptions.Item label="状态">
          <FilingStatusTag row={d} />
        </Descriptions.Item>
        <Descriptions.Item label="提交">
          {d.submittedByName} {chinaTime(d.submittedAt)}
        </Descriptions.Item>
        <Descriptions.Item label="审核">
          {d.reviewedAt ? `${d.reviewedByName} ${chinaTime(d.reviewedAt)}` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="审核意见" span={2}>
          {d.reviewRemark || '-'}
        </Descriptions.Item>
        <Descriptions.Item label="计划说明" span={2}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{d.description || '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label="计划文件" span={2}>
          <FileLinks files={d.attachments} onOpen={(f) => filingApi.file(d.id, f.id, f.name)} />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        计划服务
      </Typography.Title>
      <PlannedServicesTable planned={d.plannedServices} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        历次版本
      </Typography.Title>
      <Table<HistoryRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={d.history}
        data-testid="filing-history"
        columns={[
          { title: '版本', dataIndex: 'versionNo', render: (v: number) => `第${v}版` },
          { title: '状态', dataIndex: 'status', render: (_, r) => <FilingStatusTag row={r} /> },
          { title: '预算（元）', dataIndex: 'budgetAmount', align: 'right', render: (v) => yuan(v, false) },
          { title: '提交时间', dataIndex: 'submittedAt', render: (v: string) => chinaTime(v) },
          { title: '审核意见', dataIndex: 'reviewRemark', render: (v: string) => v || '-' },
        ]}
      />
    </>
  );
}

/** The drawer of one filing; `gov` reads through the regulator's call. */
export function FilingDrawer({
  id,
  gov,
  onClose,
  footer,
}: {
  id: number | null;
  gov: boolean;
  onClose: () => void;
  footer?: (d: PreventionFilingDetail) => ReactNode;
}) {
  const q = useQuery({
    queryKey: ['preventionFiling', gov ? 'gov' : 'own', id],
    enabled: id !== null,
    queryFn: () => (gov ? filingApi.govDetail(id!) : filingApi.detail(id!)),
  });
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={760}
      title={
        q.data ? `${q.data.insurerName} ${q.data.year}年预防计划（第${q.data.versionNo}版）` : '预防计划'
      }
      footer={q.data && footer ? footer(q.data) : undefined}
      destroyOnHidden
    >
      {q.isError ? (
        <Alert type="error" showIcon message="预防计划加载失败，请稍后重试" />
      ) : q.data ? (
        <FilingBody d={q.data} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
