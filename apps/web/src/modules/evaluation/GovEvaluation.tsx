import { DownloadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { chinaToday, DateTimeCell, PagedTable } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  SATISFACTION_GROUPS,
  SATISFACTION_ITEM_OPTIONS,
  type SatisfactionGroup,
  type SatisfactionItem,
} from '../../platform/contracts.ts';
import { districtName, useDistrictOptions } from '../../platform/districts.ts';
import {
  EVAL_KEY,
  evalApi,
  exportSatisfaction,
  type ReportFilters,
  type SatisfactionComment,
  type SatisfactionFigure,
  type SatisfactionReportRow,
} from './api.ts';

const ITEMS = SATISFACTION_ITEM_OPTIONS.map((o) => o.value);

/** A figure as 4.50 分 · 满意 90.0% (n 条). */
export function FigureCell({ f }: { f: SatisfactionFigure }) {
  if (!f.count) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
      <span>{f.average === null ? '—' : `${f.average.toFixed(2)} 分`}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        满意 {f.satisfiedRate === null ? '—' : `${f.satisfiedRate}%`} · {f.count} 条
      </Typography.Text>
    </Space>
  );
}

/** From 1 January of the current year (spec 9) to today, China dates. */
function defaultRange(): [Dayjs, Dayjs] {
  const today = chinaToday();
  return [dayjs(`${today.slice(0, 4)}-01-01`), dayjs(today)];
}

/**
 * 满意度评价 (regulator): the four items of spec 9 (投保满意度, 理赔满意度, 企业配合度, 被服务单位配合度) by
 * insurer, service organisation or district over a period, with every rating's comment; exported as .xlsx.
 */
export function GovEvaluation() {
  const { message } = App.useApp();
  const districts = useDistrictOptions();
  const [groupBy, setGroupBy] = useState<SatisfactionGroup>('insurer');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(defaultRange);
  const [districtCode, setDistrictCode] = useState<string | undefined>(undefined);
  const [item, setItem] = useState<SatisfactionItem | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const filters: Omit<ReportFilters, 'groupBy'> = {
    ...(range ? { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') } : {}),
    ...(districtCode ? { districtCode } : {}),
  };
  const report = useQuery({
    queryKey: [EVAL_KEY, 'report', groupBy, filters],
    queryFn: () => evalApi.report({ groupBy, ...filters }),
  });
  const groupLabel = SATISFACTION_GROUPS.label(groupBy).replace(/^按/, '');
  const columns: ColumnsType<SatisfactionReportRow> = [
    { title: groupLabel, dataIndex: 'name', width: 200, fixed: 'left' },
    ...ITEMS.map((k) => ({
      title: SATISFACTION_ITEM_OPTIONS.label(k),
      key: k,
      width: 150,
      render: (_: unknown, r: SatisfactionReportRow) => <FigureCell f={r.items[k]} />,
    })),
    {
      title: '综合',
      key: 'overall',
      width: 150,
      render: (_: unknown, r: SatisfactionReportRow) => <FigureCell f={r.overall} />,
    },
  ];
  const commentColumns: ProColumns<SatisfactionComment>[] = [
    { title: '评价项目', dataIndex: 'itemLabel', width: 120 },
    {
      title: '评分',
      dataIndex: 'score',
      width: 110,
      render: (_, r) => (
        <Tag color={r.score >= 4 ? 'green' : r.score <= 2 ? 'red' : 'default'}>
          {r.score} 分 {r.scoreLabel}
        </Tag>
      ),
    },
    {
      title: '评价意见',
      dataIndex: 'comment',
      width: 260,
      render: (_, r) => r.comment || <Typography.Text type="secondary">（无意见）</Typography.Text>,
    },
    { title: '企业', dataIndex: 'enterpriseName', width: 180, ellipsis: true },
    { title: '保险机构', dataIndex: 'insurerName', width: 160, ellipsis: true },
    {
      title: '服务机构',
      dataIndex: 'serviceOrgName',
      width: 160,
      ellipsis: true,
      render: (_, r) => r.serviceOrgName || '—',
    },
    { title: '区县', dataIndex: 'districtCode', width: 90, render: (_, r) => districtName(r.districtCode) },
    { title: '业务', dataIndex: 'source', width: 180, ellipsis: true },
    {
      title: '评价时间',
      dataIndex: 'ratedAt',
      width: 110,
      render: (_, r) => <DateTimeCell value={r.ratedAt} />,
    },
  ];
  const doExport = async () => {
    setExporting(true);
    try {
      await exportSatisfaction({ groupBy, ...filters, ...(item ? { item } : {}) });
      message.success('导出成功');
    } catch {
      // shown by the API client
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="gov-evaluation">
      <Card variant="borderless">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label="统计维度">
            <Segmented<SatisfactionGroup>
              value={groupBy}
              onChange={setGroupBy}
              options={SATISFACTION_GROUPS.map((g) => ({ value: g.value, label: g.label }))}
            />
          </Form.Item>
          <Form.Item label="评价时间">
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
            />
          </Form.Item>
          <Form.Item label="所属区县">
            <Select
              allowClear
              style={{ width: 150 }}
              placeholder="全部区县"
              value={districtCode}
              onChange={setDistrictCode}
              options={districts.options.map((d) => ({ value: d.value, label: d.label }))}
            />
          </Form.Item>
          <Form.Item>
            <Action name="export">
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={doExport}>
                导出
              </Button>
            </Action>
          </Form.Item>
        </Form>
      </Card>
      <Card
        size="small"
        title={`满意度（${SATISFACTION_GROUPS.label(groupBy)}）`}
        data-testid="satisfaction-report"
      >
        <Table<SatisfactionReportRow>
          size="small"
          rowKey="key"
          loading={report.isLoading}
          columns={columns}
          dataSource={report.data?.rows ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '所选期间暂无评价' }}
          summary={() =>
            report.data ? (
              <Table.Summary.Row data-testid="satisfaction-totals">
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>合计</Typography.Text>
                </Table.Summary.Cell>
                {ITEMS.map((k, i) => (
                  <Table.Summary.Cell key={k} index={i + 1}>
                    <FigureCell f={report.data.totals.items[k]} />
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={ITEMS.length + 1}>
                  <FigureCell f={report.data.totals.overall} />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          评分1-5分，4分及以上计为满意。投保满意度在保单出具后由企业评价；理赔满意度在结案时评价；企业配合度在企业确认服务记录时评价；被服务单位配合度在回访时由服务机构评价。
        </Typography.Paragraph>
      </Card>
      <Card size="small" title="评价意见" data-testid="satisfaction-comments">
        <PagedTable<SatisfactionComment, { item?: string }>
          rowKey={(r) => `${r.item}-${r.source}-${r.ratedAt}`}
          columns={commentColumns}
          search={false}
          options={{ reload: true, density: false, setting: false }}
          params={{ ...filters, ...(item ? { item } : {}) }}
          scroll={{ x: 'max-content' }}
          toolBarRender={() => [
            <Select<SatisfactionItem>
              key="item"
              allowClear
              placeholder="全部评价项目"
              style={{ width: 160 }}
              value={item}
              onChange={setItem}
              options={SATISFACTION_ITEM_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
            />,
          ]}
          locale={{ emptyText: '暂无评价意见' }}
          request={(q) =>
            evalApi.comments({
              ...filters,
              ...(item ? { item } : {}),
              pageNo: q.pageNo,
              pageSize: q.pageSize,
            })
          }
        />
      </Card>
    </Space>
  );
}
