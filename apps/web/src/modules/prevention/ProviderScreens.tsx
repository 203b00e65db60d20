/**
 * The service organisations' figures: the regulator's per-organisation summary (GovApService) and a service
 * organisation's or expert's own statement by month, item or enterprise (ServiceStatement, ExpertStatement).
 */
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Radio,
  Rate,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { BarChart, PagedTable, thousands, yuan } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { ORG_TYPES, SERVICE_ITEMS, STATEMENT_GROUPS } from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { chinaYear, yearChoices } from './activity-parts.tsx';
import {
  overviewApi,
  type ProviderSummaryRow,
  type Statement,
  type StatementGroupBy,
} from './api-activity.ts';

function Score({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">暂无回访</Typography.Text>;
  return (
    <Space size={4} style={{ whiteSpace: 'nowrap' }}>
      <Rate disabled allowHalf value={Math.round(value * 2) / 2} style={{ fontSize: 12 }} />
      <span>{value.toFixed(1)}</span>
    </Space>
  );
}

/**
 * /government/govAp/GovApService/route (服务机构服务): per service organisation and expert panel, the
 * projects, plans and completed records in the regulator's districts, enterprises served, spend, hazards
 * found and the follow-up ratings.
 */
export function GovApService() {
  const districts = useDistrictOptions();
  const columns: ProColumns<ProviderSummaryRow>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '机构名称' } },
    {
      title: '年度',
      dataIndex: 'year',
      valueType: 'select',
      hideInTable: true,
      initialValue: chinaYear(),
      fieldProps: { options: yearChoices(), allowClear: false },
    },
    {
      title: '区县',
      dataIndex: 'districtCode',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { options: districts.options },
    },
    { title: '服务机构', dataIndex: 'name', search: false, width: 200, ellipsis: true },
    {
      title: '类型',
      dataIndex: 'orgType',
      search: false,
      width: 90,
      render: (_, r) => ORG_TYPES.label(r.orgType) || r.orgType,
    },
    { title: '服务项目', dataIndex: 'projects', search: false, width: 80, align: 'right' },
    {
      title: '完成 / 计划服务',
      dataIndex: 'done',
      search: false,
      width: 120,
      align: 'right',
      render: (_, r) => `${thousands(r.done)} / ${thousands(r.plans)}`,
    },
    { title: '服务企业', dataIndex: 'enterprises', search: false, width: 80, align: 'right' },
    {
      title: '服务费用（元）',
      dataIndex: 'spend',
      search: false,
      width: 130,
      align: 'right',
      render: (_, r) => yuan(r.spend, false),
    },
    { title: '发现隐患', dataIndex: 'hazards', search: false, width: 80, align: 'right' },
    { title: '回访', dataIndex: 'followUps', search: false, width: 60, align: 'right' },
    {
      title: '企业满意度',
      dataIndex: 'avgRating',
      search: false,
      width: 150,
      render: (_, r) => <Score value={r.avgRating} />,
    },
    {
      title: '企业配合度',
      dataIndex: 'avgCooperation',
      search: false,
      width: 150,
      render: (_, r) => <Score value={r.avgCooperation} />,
    },
  ];
  return (
    <PagedTable<ProviderSummaryRow>
      headerTitle="服务机构服务情况"
      rowKey="orgId"
      columns={columns}
      search={{ labelWidth: 'auto' }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '暂无服务机构的服务记录' }}
      request={(q) => overviewApi.providerSummary(q as Parameters<typeof overviewApi.providerSummary>[0])}
    />
  );
}

type StatementRow = Statement['rows'][number];

const GROUP_TITLE: Record<StatementGroupBy, string> = {
  month: '月份',
  item: '服务项目',
  enterprise: '被服务单位',
};

/**
 * /service/ap/ServiceStatement/route and /expert/ap/ExpertStatement/route (服务报表): the caller's services of
 * a year by month, service item or enterprise — planned, completed, enterprises, spend, hazards — with the
 * totals, a chart and an .xlsx export.
 */
export function ProviderStatement() {
  const [year, setYear] = useState(chinaYear);
  const [groupBy, setGroupBy] = useState<StatementGroupBy>('month');
  const [item, setItem] = useState<string | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const params = { year, groupBy, ...(item ? { item } : {}) };
  const q = useQuery({
    queryKey: ['prevention', 'statement', year, groupBy, item ?? ''],
    queryFn: () => overviewApi.statement(params),
  });
  const rows = q.data?.rows ?? [];
  const t = q.data?.totals;
  const columns: TableColumnsType<StatementRow> = [
    { title: GROUP_TITLE[groupBy], dataIndex: 'name', fixed: 'left', width: 200 },
    { title: '计划服务（次）', dataIndex: 'planned', align: 'right', render: (v: number) => thousands(v) },
    { title: '完成服务（次）', dataIndex: 'done', align: 'right', render: (v: number) => thousands(v) },
    {
      title: '服务企业（家）',
      dataIndex: 'enterprises',
      align: 'right',
      render: (v: number) => thousands(v),
    },
    { title: '服务费用（元）', dataIndex: 'spend', align: 'right', render: (v: number) => yuan(v, false) },
    { title: '发现隐患（项）', dataIndex: 'hazards', align: 'right', render: (v: number) => thousands(v) },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Row justify="space-between" gutter={[16, 12]}>
          <Col>
            <Space wrap>
              <span>年份</span>
              <Select
                aria-label="年份"
                value={year}
                style={{ width: 110 }}
                options={yearChoices()}
                onChange={setYear}
              />
              <Radio.Group
                optionType="button"
                value={groupBy}
                onChange={(e) => setGroupBy(e.target.value as StatementGroupBy)}
                options={STATEMENT_GROUPS.map((g) => ({ value: g.value, label: g.label }))}
              />
              <Select
                aria-label="服务项目"
                allowClear
                placeholder="全部服务项目"
                value={item}
                style={{ width: 230 }}
                options={SERVICE_ITEMS.map((i) => ({ value: i.value, label: `${i.value} ${i.label}` }))}
                onChange={(v?: string) => setItem(v)}
              />
            </Space>
          </Col>
          <Col>
            <Space>
              <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()}>
                刷新
              </Button>
              <Action name="export">
                <Button
                  icon={<DownloadOutlined />}
                  loading={exporting}
                  onClick={() => {
                    setExporting(true);
                    void overviewApi
                      .statementExport(params)
                      .catch(() => undefined)
                      .finally(() => setExporting(false));
                  }}
                >
                  导出Excel
                </Button>
              </Action>
            </Space>
          </Col>
        </Row>
      </Card>
      {q.isError ? (
        <Alert type="error" showIcon message="服务报表加载失败，请稍后点击刷新重试" />
      ) : (
        <>
          <Card variant="borderless" loading={q.isLoading}>
            {t && (
              <Row gutter={[16, 16]} data-testid="statement-totals">
                <Col flex="1 0 160px">
                  <Statistic
                    title={`${year}年完成服务`}
                    value={`${thousands(t.done)} / ${thousands(t.planned)}`}
                    suffix="次"
                  />
                </Col>
                <Col flex="1 0 160px">
                  <Statistic title="服务企业" value={thousands(t.enterprises)} suffix="家" />
                </Col>
                <Col flex="1 0 160px">
                  <Statistic title="服务费用" value={yuan(t.spend, false)} suffix="元" />
                </Col>
                <Col flex="1 0 160px">
                  <Statistic title="发现隐患" value={thousands(t.hazards)} suffix="项" />
                </Col>
              </Row>
            )}
          </Card>
          <Card variant="borderless" title={`完成服务（按${GROUP_TITLE[groupBy]}）`}>
            <BarChart
              loading={q.isLoading}
              horizontal={groupBy !== 'month'}
              categories={rows.map((r) => r.name)}
              series={[
                { name: '完成', unit: '次', data: rows.map((r) => r.done) },
                { name: '计划', unit: '次', data: rows.map((r) => r.planned) },
              ]}
            />
          </Card>
          <Card variant="borderless" title="服务明细">
            <Table<StatementRow>
              size="middle"
              rowKey="key"
              loading={q.isLoading}
              columns={columns}
              dataSource={rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: '暂无数据' }}
              summary={() =>
                t && rows.length > 0 ? (
                  <Table.Summary.Row data-testid="statement-total-row">
                    <Table.Summary.Cell index={0}>
                      <Typography.Text strong>合计</Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      {thousands(t.planned)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      {thousands(t.done)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right">
                      {thousands(t.enterprises)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4} align="right">
                      {yuan(t.spend, false)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={5} align="right">
                      {thousands(t.hazards)}
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                ) : null
              }
            />
          </Card>
        </>
      )}
    </Space>
  );
}
