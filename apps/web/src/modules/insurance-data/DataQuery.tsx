import type { CombinedDataRow } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Space, Statistic, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { BarChart, LineChart } from '../../components/index.ts';
import { COMBINED_DATA_COLUMNS, combinedTotals, combineInsuranceData } from '../../platform/contracts.ts';
import { getDataset, getSummary, type InsuranceGroupBy } from './api.ts';
import {
  ColumnHeader,
  DataToolbar,
  ExportButton,
  GROUP_TITLES,
  NOWRAP_CELL,
  STAT_VALUE_STYLE,
  TABLE_SCROLL,
} from './DataPage.tsx';
import { formatValue } from './data-model.ts';

type CombinedRow = CombinedDataRow;
const COMBINED = COMBINED_DATA_COLUMNS;

/** Joins the premium, prevention and claim datasets on their group key (contracts, shared with the export). */
export const combine = combineInsuranceData;

/**
 * /insurance/data/DataQuery/route (综合查询): the six spec 9 figures of the year for this insurer, policies
 * in force and claim satisfaction, and premium, prevention and claims side by side by month, district or
 * industry.
 */
export function DataQuery() {
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [groupBy, setGroupBy] = useState<InsuranceGroupBy>('district');
  const summary = useQuery({ queryKey: ['insuranceData', 'query', year], queryFn: () => getSummary(year) });
  const sets = useQuery({
    queryKey: ['insuranceData', 'combined', year, groupBy],
    queryFn: async () => {
      const [premium, ap, claim] = await Promise.all([
        getDataset('premium', year, groupBy),
        getDataset('ap', year, groupBy),
        getDataset('claim', year, groupBy),
      ]);
      return combine(premium.rows, ap.rows, claim.rows);
    },
  });
  const rows = sets.data ?? [];
  const total = combinedTotals(rows);

  const columns: TableColumnsType<CombinedRow> = [
    { title: GROUP_TITLES[groupBy], dataIndex: 'name', key: 'name', fixed: 'left', width: 120 },
    ...COMBINED.map((c) => ({
      title: <ColumnHeader column={c} />,
      dataIndex: c.key,
      key: c.key,
      align: 'right' as const,
      onCell: NOWRAP_CELL,
      sorter: (a: CombinedRow, b: CombinedRow) => (Number(a[c.key]) || 0) - (Number(b[c.key]) || 0),
      render: (v: number | null) => formatValue(v, c.unit),
    })),
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Row justify="space-between" gutter={[16, 16]}>
          <Col>
            <DataToolbar year={year} groupBy={groupBy} onYear={setYear} onGroupBy={setGroupBy} />
          </Col>
          <Col>
            <Space wrap>
              <ExportButton dataset="query" year={year} groupBy={groupBy} label="导出综合查询" />
              <ExportButton dataset="premium" year={year} groupBy={groupBy} label="导出保费数据" />
              <ExportButton dataset="claim" year={year} groupBy={groupBy} label="导出理赔数据" />
              <ExportButton dataset="ap" year={year} groupBy={groupBy} label="导出预防数据" />
            </Space>
          </Col>
        </Row>
      </Card>
      {summary.isError ? (
        <Alert type="error" showIcon message="汇总数据加载失败，请稍后重试" />
      ) : (
        <Card variant="borderless" title={`${year}年汇总`} loading={summary.isLoading}>
          <Row gutter={[16, 16]} data-testid="summary-items">
            {(summary.data?.items ?? []).map((i) => (
              <Col key={i.name} flex="1 0 190px">
                <div data-testid={`summary-${i.name}`}>
                  <Statistic
                    title={i.label}
                    value={formatValue(i.value, i.unit)}
                    suffix={i.unit}
                    valueStyle={STAT_VALUE_STYLE}
                  />
                </div>
              </Col>
            ))}
            <Col flex="1 0 190px">
              <Statistic
                title={`${year}年起保且当前保障中`}
                value={summary.data?.policiesInForce ?? 0}
                suffix="件"
                valueStyle={STAT_VALUE_STYLE}
              />
            </Col>
            <Col flex="1 0 190px">
              <Statistic
                valueStyle={STAT_VALUE_STYLE}
                title="理赔满意度"
                value={summary.data?.claimSatisfaction ?? '-'}
                suffix={summary.data?.claimSatisfaction == null ? '' : '/ 5'}
              />
            </Col>
          </Row>
        </Card>
      )}
      {sets.isError ? (
        <Alert type="error" showIcon message="分组数据加载失败，请稍后重试" />
      ) : (
        <>
          <Row gutter={16}>
            <Col xs={24} lg={14}>
              <Card variant="borderless" title={`保费与理赔费用（元，按${GROUP_TITLES[groupBy]}）`}>
                <BarChart
                  loading={sets.isLoading}
                  categories={rows.map((r) => r.name)}
                  series={[
                    { name: '保费', unit: '元', data: rows.map((r) => r.premium) },
                    { name: '事故预防费用', unit: '元', data: rows.map((r) => r.preventionFee) },
                    { name: '理赔费用', unit: '元', data: rows.map((r) => r.paid) },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card variant="borderless" title="简单赔付率（%）">
                <LineChart
                  loading={sets.isLoading}
                  categories={rows.map((r) => r.name)}
                  series={[{ name: '简单赔付率', unit: '%', data: rows.map((r) => r.lossRatio) }]}
                />
              </Card>
            </Col>
          </Row>
          <Card variant="borderless" title={`综合数据（按${GROUP_TITLES[groupBy]}）`}>
            <Typography.Paragraph type="secondary">
              保单按起保年份、理赔案件按报案年份统计；共保保单的保费、保额、事故预防费用和理赔费用按本机构承保比例计算；简单赔付率
              = 理赔费用 ÷ 保费。
            </Typography.Paragraph>
            <Table<CombinedRow>
              size="middle"
              rowKey="key"
              loading={sets.isLoading}
              columns={columns}
              dataSource={rows}
              pagination={false}
              scroll={TABLE_SCROLL}
              summary={() =>
                rows.length > 0 ? (
                  <Table.Summary fixed>
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0}>
                        <Typography.Text strong>合计</Typography.Text>
                      </Table.Summary.Cell>
                      {COMBINED.map((c, i) => (
                        <Table.Summary.Cell key={c.key} index={i + 1} align="right">
                          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                            {formatValue(total[c.key], c.unit)}
                          </Typography.Text>
                        </Table.Summary.Cell>
                      ))}
                    </Table.Summary.Row>
                  </Table.Summary>
                ) : null
              }
            />
          </Card>
        </>
      )}
    </Space>
  );
}
