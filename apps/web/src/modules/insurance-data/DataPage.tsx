import { DownloadOutlined, QuestionCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Radio,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { BarChart, LineChart, PieChart } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { DATA_GROUP_BY } from '../../platform/contracts.ts';
import { downloadFile } from '../../platform/download.ts';
import { ApServiceCard } from './ApServiceCard.tsx';
import {
  getDataset,
  INSURANCE_DATA_API,
  type InsuranceDataColumn,
  type InsuranceDataResult,
  type InsuranceDataRow,
  type InsuranceDataset,
  type InsuranceGroupBy,
} from './api.ts';
import {
  CHART_MEASURES,
  COLUMN_HINTS,
  DATASET_TITLES,
  figureOf,
  formatValue,
  num,
  totalsOf,
  yearOptions,
} from './data-model.ts';

/** Money figures run to 12+ characters: a smaller value keeps each figure on one line. */
export const STAT_VALUE_STYLE = { fontSize: 22, whiteSpace: 'nowrap' } as const;

export const GROUP_TITLES: Record<InsuranceGroupBy, string> = {
  month: '月份',
  district: '区县',
  industry: '行业',
};

/** Year, group-by and export controls shared by the data pages. */
export function DataToolbar({
  year,
  groupBy,
  onYear,
  onGroupBy,
  extra,
}: {
  year: number;
  groupBy?: InsuranceGroupBy;
  onYear: (y: number) => void;
  onGroupBy?: (g: InsuranceGroupBy) => void;
  extra?: ReactNode;
}) {
  return (
    <Space wrap size="middle">
      <Space>
        <span>年份</span>
        <Select
          aria-label="年份"
          value={year}
          style={{ width: 110 }}
          options={yearOptions()}
          onChange={onYear}
          data-testid="data-year"
        />
      </Space>
      {groupBy && onGroupBy && (
        <Radio.Group
          name="dataGroupBy"
          optionType="button"
          value={groupBy}
          onChange={(e) => onGroupBy(e.target.value as InsuranceGroupBy)}
          options={DATA_GROUP_BY.map((g) => ({ value: g.value, label: g.label }))}
        />
      )}
      {extra}
    </Space>
  );
}

/** What /api/insuranceData/export offers: a data page's dataset, or 综合查询 as a whole ('query'). */
export type ExportDataset = InsuranceDataset | 'query';
const EXPORT_TITLES: Record<ExportDataset, string> = { ...DATASET_TITLES, query: '综合查询' };

export function ExportButton({
  dataset,
  year,
  groupBy,
  label = '导出Excel',
}: {
  dataset: ExportDataset;
  year: number;
  groupBy: InsuranceGroupBy;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Action name="export">
      <Button
        icon={<DownloadOutlined />}
        loading={busy}
        onClick={() => {
          setBusy(true);
          downloadFile(INSURANCE_DATA_API.dataExport, {
            method: 'POST',
            params: { dataset, year, groupBy },
            fallbackName: `${year}年${EXPORT_TITLES[dataset]}.xlsx`,
          })
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        {label}
      </Button>
    </Action>
  );
}

/** What a derived figure means, as a ? icon with a tooltip; nothing for plain sums. */
export function HintIcon({ columnKey }: { columnKey: string }) {
  const hint = COLUMN_HINTS[columnKey];
  if (!hint) return null;
  return (
    <Tooltip title={hint}>
      <QuestionCircleOutlined
        aria-label={hint}
        data-testid={`hint-${columnKey}`}
        style={{ marginInlineStart: 4, color: 'rgba(0, 0, 0, 0.45)' }}
      />
    </Tooltip>
  );
}

/**
 * A figure column's header: the label (with its hint) over the unit, so a column is as wide as its
 * figures rather than its whole title and the tables fit the page at 1440 px.
 */
export function ColumnHeader({ column }: { column: Pick<InsuranceDataColumn, 'key' | 'label' | 'unit'> }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {column.label}
      <HintIcon columnKey={column.key} />
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
        （{column.unit}）
      </Typography.Text>
    </span>
  );
}

/** Figures never wrap: the table grows and scrolls instead (scroll.x max-content, at least the card's width). */
export const NOWRAP_CELL = () => ({ style: { whiteSpace: 'nowrap' as const } });
export const TABLE_SCROLL = { x: 'max-content' } as const;

/** Table of a dataset with a 合计 row; columns carry their units (spec 9 labels). */
export function DataTable({
  data,
  totals,
  loading,
}: {
  data: InsuranceDataResult | undefined;
  totals: Record<string, number | null>;
  loading: boolean;
}) {
  const cols = data?.columns ?? [];
  const columns: TableColumnsType<InsuranceDataRow> = [
    {
      title: GROUP_TITLES[data?.groupBy ?? 'month'],
      dataIndex: 'name',
      key: 'name',
      fixed: 'left',
      width: 120,
    },
    ...cols.map((c) => ({
      title: <ColumnHeader column={c} />,
      dataIndex: c.key,
      key: c.key,
      align: 'right' as const,
      onCell: NOWRAP_CELL,
      sorter: (a: InsuranceDataRow, b: InsuranceDataRow) =>
        (figureOf(a, c.key) ?? -Infinity) - (figureOf(b, c.key) ?? -Infinity),
      render: (_: unknown, r: InsuranceDataRow) => formatValue(figureOf(r, c.key), c.unit),
    })),
  ];
  return (
    <Table<InsuranceDataRow>
      size="middle"
      rowKey="key"
      loading={loading}
      columns={columns}
      dataSource={data?.rows ?? []}
      pagination={false}
      scroll={TABLE_SCROLL}
      locale={{ emptyText: '暂无数据' }}
      summary={() =>
        data && data.rows.length > 0 ? (
          <Table.Summary fixed>
            <Table.Summary.Row data-testid="data-total-row">
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>合计</Typography.Text>
              </Table.Summary.Cell>
              {cols.map((c, i) => (
                <Table.Summary.Cell key={c.key} index={i + 1} align="right">
                  <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                    {formatValue(totals[c.key], c.unit)}
                  </Typography.Text>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}

/** The insurer data pages (保费数据, 理赔数据, 预防数据): totals, two charts, table, .xlsx export. */
export function DataPage({ dataset }: { dataset: InsuranceDataset }) {
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [groupBy, setGroupBy] = useState<InsuranceGroupBy>('month');
  const q = useQuery({
    queryKey: ['insuranceData', dataset, year, groupBy],
    queryFn: () => getDataset(dataset, year, groupBy),
  });
  const data = q.data;
  // 占保费比例 and 案均赔付金额 of the 合计 come from the bases the rows carry (premium, paidClosed).
  const totals = data ? totalsOf(dataset, data) : {};
  const measures = CHART_MEASURES[dataset];
  const moneyCol = data?.columns.find((c) => c.key === measures.money);
  const countCol = data?.columns.find((c) => c.key === measures.count);
  const rows = data?.rows ?? [];
  const categories = rows.map((r) => r.name);
  const title = DATASET_TITLES[dataset];
  // By district or industry the counts are a donut, whose outside labels need room beside it: the two
  // charts sit side by side from 1600 px then (from 992 px for months), stacked below.
  const donut = groupBy !== 'month';

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Row justify="space-between" gutter={[16, 16]}>
          <Col>
            <DataToolbar year={year} groupBy={groupBy} onYear={setYear} onGroupBy={setGroupBy} />
          </Col>
          <Col>
            <Space>
              <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()}>
                刷新
              </Button>
              <ExportButton dataset={dataset} year={year} groupBy={groupBy} />
            </Space>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          {dataset === 'claim'
            ? `统计本机构承保或共保保单在${year}年报案的理赔案件（不含已撤案），理赔费用为已赔付金额（未结案的按预付金额），案均赔付金额只计已结案案件，共保保单按本机构承保比例计算。`
            : `统计本机构承保或共保、起保日期在${year}年的已出单保单；共保保单的金额按本机构承保比例计算。`}
        </Typography.Paragraph>
      </Card>
      {q.isError ? (
        <Alert type="error" showIcon message={`${title}加载失败，请稍后点击刷新重试`} />
      ) : (
        <>
          <Card variant="borderless" loading={q.isLoading}>
            <Row gutter={[16, 16]} data-testid="data-totals">
              {(data?.columns ?? []).map((c) => (
                <Col key={c.key} flex="1 0 190px">
                  <div data-testid={`data-total-${c.key}`}>
                    <Statistic
                      title={
                        <>
                          {`${year}年${c.label}`}
                          <HintIcon columnKey={c.key} />
                        </>
                      }
                      value={formatValue(totals[c.key], c.unit)}
                      suffix={c.unit}
                      valueStyle={STAT_VALUE_STYLE}
                    />
                  </div>
                </Col>
              ))}
            </Row>
          </Card>
          {dataset === 'ap' && <ApServiceCard year={year} />}
          <Row gutter={[16, 16]}>
            <Col xs={24} {...(donut ? { xxl: 14 } : { lg: 14 })}>
              <Card variant="borderless" title={moneyCol ? `${moneyCol.label}（${moneyCol.unit}）` : title}>
                {groupBy === 'month' ? (
                  <LineChart
                    loading={q.isLoading}
                    categories={categories}
                    series={[
                      {
                        name: moneyCol?.label ?? '',
                        unit: moneyCol?.unit ?? '',
                        data: rows.map((r) => num(r, measures.money)),
                      },
                    ]}
                    area
                  />
                ) : (
                  <BarChart
                    loading={q.isLoading}
                    categories={categories}
                    series={[
                      {
                        name: moneyCol?.label ?? '',
                        unit: moneyCol?.unit ?? '',
                        data: rows.map((r) => num(r, measures.money)),
                      },
                    ]}
                  />
                )}
              </Card>
            </Col>
            <Col xs={24} {...(donut ? { xxl: 10 } : { lg: 10 })}>
              <Card
                variant="borderless"
                title={
                  countCol
                    ? `${countCol.label}${groupBy === 'month' ? '' : '分布'}（${countCol.unit}）`
                    : title
                }
              >
                {groupBy === 'month' ? (
                  <BarChart
                    loading={q.isLoading}
                    categories={categories}
                    series={[
                      {
                        name: countCol?.label ?? '',
                        unit: countCol?.unit ?? '',
                        data: rows.map((r) => num(r, measures.count)),
                      },
                    ]}
                  />
                ) : (
                  <PieChart
                    loading={q.isLoading}
                    donut
                    data={rows.map((r) => ({
                      name: r.name,
                      value: num(r, measures.count),
                      unit: countCol?.unit ?? '',
                    }))}
                  />
                )}
              </Card>
            </Col>
          </Row>
          <Card variant="borderless" title={`${title}明细（按${GROUP_TITLES[groupBy]}）`}>
            <DataTable data={data} totals={totals} loading={q.isLoading} />
          </Card>
        </>
      )}
    </Space>
  );
}

/** /insurance/data/DataPremium/route */
export const DataPremium = () => <DataPage dataset="premium" />;
/** /insurance/data/DataClaim/route */
export const DataClaim = () => <DataPage dataset="claim" />;
/** /insurance/data/DataAp/route: prevention fees and agreed service counts of the insurer's policies. */
export const DataAp = () => <DataPage dataset="ap" />;
