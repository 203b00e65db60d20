import { DownloadOutlined, FileAddOutlined } from '@ant-design/icons';
import { formatChinaTime, STAT_PERIOD_KINDS } from '@aqzrx/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { chinaToday, thousands } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { type ReportInput, STATS_KEY, type StatReportRow, statsApi } from './api.ts';

type Kind = 'month' | 'quarter' | 'year';

const TOTAL_LABELS: [string, string][] = [
  ['insured', '已保企业（家）'],
  ['coverageRate', '参保率（%）'],
  ['policies', '保单（件）'],
  ['premium', '保费（元）'],
  ['claims', '理赔案件（件）'],
  ['claimPaid', '理赔费用（元）'],
];

/**
 * 统计报表: the archived monthly, quarterly and annual reports of the user's scope (made on schedule on the
 * 5th of the next month, the 15th after a quarter and 31 January, or here on demand), each downloadable as
 * the workbook made then.
 */
export function StatReport() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const today = chinaToday();
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [shownKind, setShownKind] = useState<Kind | undefined>(undefined);
  const [kind, setKind] = useState<Kind>('month');
  const [y, setY] = useState(year);
  const [n, setN] = useState(month);
  const list = useQuery({
    queryKey: [STATS_KEY, 'reports', page, shownKind],
    queryFn: () => statsApi.reports({ ...page, ...(shownKind ? { kind: shownKind } : {}) }),
  });
  const gen = useMutation({
    mutationFn: (b: ReportInput) => statsApi.generate(b),
    onSuccess: (r) => {
      message.success(r.message);
      void qc.invalidateQueries({ queryKey: [STATS_KEY, 'reports'] });
    },
  });
  const maxN = kind === 'month' ? (y === year ? month : 12) : y === year ? Math.ceil(month / 3) : 4;
  const nOptions = Array.from({ length: maxN }, (_, i) => ({
    value: i + 1,
    label: kind === 'month' ? `${i + 1}月` : `第${i + 1}季度`,
  }));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="stat-report">
      <Action name="add">
        <Card variant="borderless" className="aq-no-print">
          <Form layout="inline">
            <Form.Item label="报表类型">
              <Select<Kind>
                aria-label="报表类型"
                style={{ width: 100 }}
                value={kind}
                onChange={(k) => {
                  setKind(k);
                  setN(k === 'month' ? month : Math.ceil(month / 3));
                }}
                options={STAT_PERIOD_KINDS.map((o) => ({ value: o.value, label: o.label }))}
              />
            </Form.Item>
            <Form.Item label="年份">
              <Select
                aria-label="年份"
                style={{ width: 100 }}
                value={y}
                onChange={setY}
                options={Array.from({ length: 6 }, (_, i) => ({ value: year - i, label: `${year - i}年` }))}
              />
            </Form.Item>
            {kind !== 'year' ? (
              <Form.Item label={kind === 'month' ? '月份' : '季度'}>
                <Select
                  aria-label={kind === 'month' ? '月份' : '季度'}
                  style={{ width: 110 }}
                  value={Math.min(n, maxN)}
                  onChange={setN}
                  options={nOptions}
                />
              </Form.Item>
            ) : null}
            <Form.Item>
              <Button
                type="primary"
                icon={<FileAddOutlined />}
                loading={gen.isPending}
                onClick={() => gen.mutate({ kind, year: y, n: kind === 'year' ? 0 : Math.min(n, maxN) })}
              >
                生成报表
              </Button>
            </Form.Item>
          </Form>
          <Typography.Text type="secondary">
            报表按计划自动生成：月报于次月5日、季报于季度结束后次月15日、年报于次年1月31日；同一周期与数据截止日只生成一次。
          </Typography.Text>
        </Card>
      </Action>
      <Card
        variant="borderless"
        title="报表存档"
        extra={
          <Select<Kind>
            aria-label="筛选报表类型"
            allowClear
            placeholder="全部类型"
            style={{ width: 120 }}
            value={shownKind}
            onChange={(k) => {
              setShownKind(k);
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
            options={STAT_PERIOD_KINDS.map((o) => ({ value: o.value, label: o.label }))}
          />
        }
      >
        <Table<StatReportRow>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          locale={{ emptyText: '暂无报表' }}
          columns={[
            { title: '报表', dataIndex: 'periodLabel', render: (v, r) => `${r.scopeName}${v}` },
            {
              title: '类型',
              dataIndex: 'kind',
              render: (v: Kind) => STAT_PERIOD_KINDS.find((o) => o.value === v)?.label,
            },
            { title: '数据截止', dataIndex: 'cutoff' },
            {
              title: '生成时间',
              dataIndex: 'generatedAt',
              render: (v: string, r) => (
                <Space size={4}>
                  {formatChinaTime(v)}
                  <Tag>{r.trigger === 'schedule' ? '定时' : '手动'}</Tag>
                </Space>
              ),
            },
            {
              title: '主要数据',
              dataIndex: 'totals',
              render: (t: Record<string, number>) => (
                <Space wrap size={[12, 0]}>
                  {TOTAL_LABELS.filter(([k]) => t[k] !== undefined).map(([k, label]) => (
                    <span key={k} data-total={k}>
                      {label}：{thousands(t[k] ?? 0)}
                    </span>
                  ))}
                </Space>
              ),
            },
            {
              title: '操作',
              key: 'op',
              render: (_, r) => (
                <Action name="export">
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={() => void statsApi.download(r).catch(() => undefined)}
                  >
                    下载
                  </Button>
                </Action>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
