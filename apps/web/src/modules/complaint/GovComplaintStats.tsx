import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Form, Row, Select, Space, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { BarChart, chinaToday, PieChart } from '../../components/index.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { COMPLAINT_KEY, type ComplaintStats, type ComplaintStatsFilters, complaintApi } from './api.ts';

type UnitRow = ComplaintStats['byUnit'][number];
const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v}%`);

/** The period of the statistics: from 1 January of the current year (spec 9) to today, China dates. */
function defaultRange(): [Dayjs, Dayjs] {
  const today = chinaToday();
  return [dayjs(`${today.slice(0, 4)}-01-01`), dayjs(today)];
}

/**
 * 投诉统计 (regulator): complaints by handling unit, type and month of its districts, with the on-time reply
 * rate (replied by the deadline / replied) and the satisfaction rate (satisfied / confirmed); an overdue
 * complaint counts against its handler.
 */
export function GovComplaintStats() {
  const districts = useDistrictOptions();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(defaultRange);
  const [districtCode, setDistrictCode] = useState<string | undefined>(undefined);
  const filters: ComplaintStatsFilters = {
    ...(range ? { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') } : {}),
    ...(districtCode ? { districtCode } : {}),
  };
  const stats = useQuery({
    queryKey: [COMPLAINT_KEY, 'stats', filters],
    queryFn: () => complaintApi.stats(filters),
  });
  const s = stats.data;
  const t = s?.totals;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="complaint-stats">
      <Card variant="borderless">
        <Form layout="inline">
          <Form.Item label="投诉时间">
            <DatePicker.RangePicker
              value={range}
              allowClear
              onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
            />
          </Form.Item>
          <Form.Item label="所属区县">
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder="全部区县"
              value={districtCode}
              onChange={setDistrictCode}
              options={districts.options.map((d) => ({ value: d.value, label: d.label }))}
            />
          </Form.Item>
        </Form>
      </Card>
      <Row gutter={16}>
        {[
          { title: '投诉总数（件）', value: t?.total ?? 0 },
          { title: '已答复（件）', value: t?.replied ?? 0 },
          { title: '按期答复率', value: pct(t?.onTimeRate) },
          { title: '超期未答复（件）', value: t?.overdue ?? 0 },
          { title: '满意率', value: pct(t?.satisfactionRate) },
        ].map((x) => (
          <Col key={x.title} xs={12} md={8} xl={4}>
            <Card size="small" loading={stats.isLoading}>
              <Statistic title={x.title} value={x.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="按办理单位" data-testid="stats-by-unit">
        <Table<UnitRow>
          size="small"
          rowKey={(r) => `${r.handlerKind}-${r.handlerOrgId ?? 0}`}
          loading={stats.isLoading}
          dataSource={s?.byUnit ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '所选期间暂无投诉' }}
          columns={[
            { title: '办理单位', dataIndex: 'name', width: 220 },
            { title: '投诉（件）', dataIndex: 'total', align: 'right' },
            { title: '已答复', dataIndex: 'replied', align: 'right' },
            { title: '按期答复', dataIndex: 'onTime', align: 'right' },
            {
              title: '按期答复率',
              dataIndex: 'onTimeRate',
              align: 'right',
              render: (v: number | null) => pct(v),
            },
            {
              title: '超期未答复',
              dataIndex: 'overdue',
              align: 'right',
              render: (v: number) => (v ? <span style={{ color: '#cf1322' }}>{v}</span> : v),
            },
            { title: '已确认', dataIndex: 'confirmed', align: 'right' },
            { title: '满意', dataIndex: 'satisfied', align: 'right' },
            {
              title: '满意率',
              dataIndex: 'satisfactionRate',
              align: 'right',
              render: (v: number | null) => pct(v),
            },
          ]}
        />
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card size="small" title="按投诉类别">
            <PieChart
              loading={stats.isLoading}
              data={(s?.byCategory ?? []).map((c) => ({ name: c.label, value: c.count, unit: '件' }))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="按被投诉人类型">
            <PieChart
              loading={stats.isLoading}
              data={(s?.byTargetKind ?? []).map((c) => ({ name: c.label, value: c.count, unit: '件' }))}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="按月份">
        <BarChart
          loading={stats.isLoading}
          categories={(s?.byMonth ?? []).map((m) => m.month)}
          series={[{ name: '投诉（件）', data: (s?.byMonth ?? []).map((m) => m.count), unit: '件' }]}
        />
      </Card>
    </Space>
  );
}
