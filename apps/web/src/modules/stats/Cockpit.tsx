import {
  FullscreenExitOutlined,
  FullscreenOutlined,
  PrinterOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { COCKPIT_CACHE_SECONDS, COCKPIT_REFRESH_SECONDS, formatChinaTime } from '@aqzrx/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BarChart, chinaToday, LineChart, PieChart, thousands } from '../../components/index.ts';
import { useScreenPath } from '../../platform/screen-path.ts';
import { type Cockpit as CockpitData, type CockpitFilters, STATS_KEY, statsApi } from './api.ts';
import './cockpit.css';

type Kind = 'year' | 'quarter' | 'month';
type Kpi = CockpitData['kpis'][number];

/** Where each headline figure's records are listed (the role's own screens; none when it lacks one). */
interface DrillPaths {
  ent: string | null;
  insurance: string | null;
  prevention: string | null;
  hazard: string | null;
  complaint: string | null;
}

function useDrillPaths(): DrillPaths {
  return {
    ent: useScreenPath(['GovEntList']),
    insurance: useScreenPath(['GovInsurance']),
    prevention: useScreenPath(['GovernmentAp']),
    hazard: useScreenPath(['GovRiskDispose']),
    complaint: useScreenPath(['GovComplaint']),
  };
}

const qs = (o: Record<string, string | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) if (v !== undefined) p.set(k, v);
  return p.toString();
};

/**
 * The list (with the same filters) behind a figure: the enterprise list takes the cockpit's filters (district,
 * 应保, 在保, industry); the other figures open the list screen of their records.
 */
export function drillLink(
  key: string,
  paths: DrillPaths,
  districtCode?: string,
  industry?: string,
  period?: Pick<CockpitData['period'], 'kind' | 'year' | 'from' | 'to'>,
): string | null {
  const ins = (f: Record<string, string | undefined>) =>
    paths.insurance ? `${paths.insurance}?${qs({ ...f, districtCode })}` : null;
  const policies = () =>
    ins({ tab: 'policy', state: 'issued', startFrom: period?.from, startTo: period?.to });
  // The claim list filters by the year reported (no day range): a year's figures open it filtered.
  const claims = (f: Record<string, string | undefined> = {}) =>
    ins({ tab: 'claim', year: period?.kind === 'year' ? String(period.year) : undefined, ...f });
  const ent = (f: Record<string, string | undefined>) =>
    paths.ent ? `${paths.ent}?${qs({ districtCode, wsIndustryCode: industry, ...f })}` : null;
  switch (key) {
    case 'mustInsure':
      return ent({ mustInsure: 'true' });
    case 'insured':
    case 'coverageRate':
      return ent({ mustInsure: 'true', insured: 'true' });
    case 'voluntary':
      return ent({ mustInsure: 'false', insured: 'true' });
    case 'policies':
    case 'premium':
    case 'sumInsured':
    case 'preventionFee':
      return policies();
    case 'claims':
    case 'claimPaid':
      return claims();
    case 'closeRate':
    case 'avgPaid':
      return claims({ phase: 'closed' });
    case 'unpaid':
      return ins({ tab: 'claim', flag: 'unpaid' });
    case 'services':
    case 'served':
      return paths.prevention;
    case 'hazards':
    case 'rectifyRate':
      return paths.hazard;
    case 'onTimeRate':
      return paths.complaint;
    default:
      return null;
  }
}

/** HH:mm:ss of an instant in China time. */
const clock = (iso: string) => formatChinaTime(iso, 'second').slice(11);

const valueText = (k: Pick<Kpi, 'value' | 'unit'>) => (k.unit === '%' ? `${k.value}%` : thousands(k.value));

function YoY({ v }: { v: number | null }) {
  if (v === null) return <span className="aq-cockpit-yoy">同比 —</span>;
  const cls = v > 0 ? 'up' : v < 0 ? 'down' : '';
  return (
    <span className={`aq-cockpit-yoy ${cls}`}>
      同比 {v > 0 ? '+' : ''}
      {v}%
    </span>
  );
}

function KpiCard({ k, to }: { k: Kpi; to: string | null }) {
  const body = (
    <div className="aq-cockpit-kpi" data-kpi={k.key}>
      <div className="aq-cockpit-kpi-label">
        {k.label}
        {k.unit !== '%' ? `（${k.unit}）` : ''}
      </div>
      <div className="aq-cockpit-kpi-value">{valueText(k)}</div>
      <YoY v={k.yoy} />
    </div>
  );
  return to ? (
    <Link to={to} title={`查看${k.label}明细`}>
      {body}
    </Link>
  ) : (
    body
  );
}

function DrillText({ to, children }: { to: string | null; children: ReactNode }) {
  return to ? <Link to={to}>{children}</Link> : <span>{children}</span>;
}

/** The period picked: this year by default (from 1 January, spec 9). */
function usePeriod() {
  const year = Number(chinaToday().slice(0, 4));
  const month = Number(chinaToday().slice(5, 7));
  const [kind, setKind] = useState<Kind>('year');
  const [y, setY] = useState(year);
  const [n, setN] = useState(0);
  const [districtCode, setDistrictCode] = useState<string | undefined>(undefined);
  const filters: CockpitFilters = {
    kind,
    year: y,
    n: kind === 'year' ? 0 : n,
    ...(districtCode ? { districtCode } : {}),
  };
  const choose = (k: Kind) => {
    setKind(k);
    if (k === 'month') setN(y === year ? month : 12);
    if (k === 'quarter') setN(y === year ? Math.ceil(month / 3) : 4);
  };
  const nOptions =
    kind === 'month'
      ? Array.from({ length: y === year ? month : 12 }, (_, i) => ({ value: i + 1, label: `${i + 1}月` }))
      : Array.from({ length: y === year ? Math.ceil(month / 3) : 4 }, (_, i) => ({
          value: i + 1,
          label: `第${i + 1}季度`,
        }));
  const years = Array.from({ length: 6 }, (_, i) => ({ value: year - i, label: `${year - i}年` }));
  return { filters, kind, choose, y, setY, n, setN, nOptions, years, districtCode, setDistrictCode };
}

function useCockpit(filters: CockpitFilters, big: boolean) {
  return useQuery({
    queryKey: [STATS_KEY, 'cockpit', filters],
    // The big screen reads quietly: a dropped network keeps the last figures and says so, without notices.
    queryFn: () => statsApi.cockpit(filters, big),
    placeholderData: keepPreviousData,
    refetchInterval: COCKPIT_REFRESH_SECONDS * 1000,
    refetchIntervalInBackground: true,
    retry: big ? 1 : 0,
  });
}

/** 数据更新于 HH:mm: the instant up to which the figures hold every record written (China time). */
const updatedAt = (c: CockpitData) => `数据更新于 ${clock(c.dataAsOf).slice(0, 5)}`;
const freshness = (c: CockpitData) =>
  `${updatedAt(c)}（汇总数据每分钟更新，服务器每 ${COCKPIT_CACHE_SECONDS / 60} 分钟重算，页面每 ${COCKPIT_REFRESH_SECONDS / 60} 分钟刷新）`;

function Charts({ c, big }: { c: CockpitData; big: boolean }) {
  const h = big ? 260 : 300;
  const districts = c.uptake.byDistrict.map((d) => d.name);
  const items: { key: string; title: string; node: ReactNode }[] = [
    {
      key: 'uptake-district',
      title: '各区县参保率（%）',
      node: (
        <BarChart
          height={h}
          categories={districts}
          series={[{ name: '参保率', unit: '%', data: c.uptake.byDistrict.map((d) => d.rate) }]}
        />
      ),
    },
    {
      key: 'business-month',
      title: '保费按月（元）',
      node: (
        <LineChart
          height={h}
          area
          categories={c.business.byMonth.map((m) => m.name)}
          series={[{ name: '保费', unit: '元', data: c.business.byMonth.map((m) => m.premium) }]}
        />
      ),
    },
    {
      key: 'claims-month',
      title: '理赔案件趋势（件）',
      node: (
        <LineChart
          height={h}
          categories={c.claims.byMonth.map((m) => m.name)}
          series={[
            { name: '报案', unit: '件', data: c.claims.byMonth.map((m) => m.reported) },
            { name: '结案', unit: '件', data: c.claims.byMonth.map((m) => m.closed) },
          ]}
        />
      ),
    },
    {
      key: 'district-compare',
      title: '各区县对比',
      node: (
        <BarChart
          height={h}
          categories={districts}
          series={[
            { name: '保单（件）', unit: '件', data: c.business.byDistrict.map((d) => d.policies) },
            { name: '理赔案件（件）', unit: '件', data: c.claims.byDistrict.map((d) => d.reported) },
            { name: '预防服务（次）', unit: '次', data: c.prevention.byDistrict.map((d) => d.done) },
            { name: '发现隐患（条）', unit: '条', data: c.hazards.byDistrict.map((d) => d.found) },
          ]}
        />
      ),
    },
    {
      key: 'claims-type',
      title: '事故类型（件）',
      node: (
        <PieChart
          height={h}
          donut
          data={c.claims.byType.map((t) => ({ name: t.name, value: t.value, unit: '件' }))}
        />
      ),
    },
    {
      key: 'premium-insurer',
      title: '保费按保险机构（元）',
      node: (
        <PieChart
          height={h}
          data={c.business.byInsurer.map((t) => ({ name: t.name, value: t.premium, unit: '元' }))}
        />
      ),
    },
    {
      key: 'fund-insurer',
      title: '事故预防费用计提与支出（元）',
      node: (
        <BarChart
          height={h}
          categories={c.prevention.byInsurer.map((r) => r.name)}
          series={[
            { name: '计提', unit: '元', data: c.prevention.byInsurer.map((r) => r.accrued) },
            { name: '支出', unit: '元', data: c.prevention.byInsurer.map((r) => r.spent) },
          ]}
        />
      ),
    },
    {
      key: 'experts',
      title: '专家职称统计（人）',
      node: (
        <PieChart
          height={h}
          data={c.experts.byTitle.map((t) => ({ name: t.name, value: t.value, unit: '人' }))}
        />
      ),
    },
  ];
  const shown = big ? items.slice(0, 6) : items;
  return (
    <Row gutter={[16, 16]}>
      {shown.map((i) => (
        <Col key={i.key} xs={24} lg={big ? 8 : 12} xl={big ? 8 : 8}>
          <Card size="small" title={i.title} className="aq-cockpit-chart" data-chart={i.key}>
            {i.node}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function UptakeTable({ c, paths }: { c: CockpitData; paths: DrillPaths }) {
  type R = CockpitData['uptake']['byDistrict'][number];
  const link = (key: string, r: R, text: ReactNode) => {
    const to = drillLink(key, paths, r.code);
    return to ? <Link to={to}>{text}</Link> : text;
  };
  return (
    <Card size="small" title={`参保情况（统计日 ${c.uptake.asOf}）`} data-testid="uptake-by-district">
      <Table<R>
        size="small"
        rowKey="code"
        pagination={false}
        dataSource={c.uptake.byDistrict}
        columns={[
          { title: '区县', dataIndex: 'name' },
          {
            title: '应保企业（家）',
            dataIndex: 'mustInsure',
            align: 'right',
            render: (v, r) => link('mustInsure', r, v),
          },
          {
            title: '已保企业（家）',
            dataIndex: 'insured',
            align: 'right',
            render: (v, r) => link('insured', r, v),
          },
          {
            title: '参保率',
            dataIndex: 'rate',
            align: 'right',
            render: (v, r) => link('coverageRate', r, <span data-rate={r.code}>{v}%</span>),
          },
          {
            title: '鼓励投保（家）',
            dataIndex: 'voluntary',
            align: 'right',
            render: (v, r) => link('voluntary', r, v),
          },
        ]}
      />
    </Card>
  );
}

function BigScreen({ q, onExit }: { q: ReturnType<typeof useCockpit>; onExit: () => void }) {
  const paths: DrillPaths = { ent: null, insurance: null, prevention: null, hazard: null, complaint: null };
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => {
      root.style.overflow = before;
      clearInterval(timer);
    };
  }, []);
  const c = q.data;
  const stale = q.isError && !!c;
  const big = [
    'coverageRate',
    'insured',
    'premium',
    'sumInsured',
    'claims',
    'closeRate',
    'claimPaid',
    'services',
    'hazards',
    'onTimeRate',
  ];
  return (
    <div className="aq-bigscreen" data-testid="bigscreen">
      <header className="aq-bigscreen-head">
        <div className="aq-bigscreen-title">{c?.scopeName ?? ''}安全生产责任保险数据驾驶舱</div>
        <div className="aq-bigscreen-meta">
          {c ? `${c.period.label}（${c.period.from} 至 ${c.period.to}）` : ''}
          <span>{formatChinaTime(now, 'second')}</span>
          {stale ? (
            <Tag color="orange" data-testid="bigscreen-stale">
              网络中断，显示{updatedAt(c)}的数据
            </Tag>
          ) : c ? (
            <Tag color="green" data-testid="bigscreen-freshness">
              {`${updatedAt(c)} · 每 ${COCKPIT_REFRESH_SECONDS / 60} 分钟自动刷新`}
            </Tag>
          ) : null}
          <Button size="small" ghost icon={<FullscreenExitOutlined />} onClick={onExit}>
            退出大屏
          </Button>
        </div>
      </header>
      {c ? (
        <>
          <div className="aq-bigscreen-kpis">
            {big.map((key) => {
              const k = c.kpis.find((x) => x.key === key);
              return k ? <KpiCard key={key} k={k} to={drillLink(key, paths)} /> : null;
            })}
          </div>
          <Charts c={c} big />
        </>
      ) : (
        <div className="aq-bigscreen-wait">{q.isError ? '数据暂不可用，稍后自动重试' : '正在加载…'}</div>
      )}
    </div>
  );
}

/**
 * 数据驾驶舱 (regulator: its districts; operations admin: the city): the figures of domain 2.14 for a period
 * (this year by default) with last year's change, charts, and links from each figure to its records; a
 * big-screen mode (?screen=big) for a wall display, refreshing itself and keeping its last figures offline.
 */
export function Cockpit() {
  const [params, setParams] = useSearchParams();
  const big = params.get('screen') === 'big';
  const p = usePeriod();
  const q = useCockpit(p.filters, big);
  const paths = useDrillPaths();
  const setBig = (on: boolean) =>
    setParams(
      (prev) => {
        const n = new URLSearchParams(prev);
        if (on) n.set('screen', 'big');
        else n.delete('screen');
        return n;
      },
      { replace: true },
    );
  if (big) return <BigScreen q={q} onExit={() => setBig(false)} />;
  const c = q.data;
  const one = c && c.districts.length === 1 ? c.districts[0]?.code : undefined;
  return (
    <Space
      direction="vertical"
      size={16}
      style={{ width: '100%' }}
      data-testid="cockpit"
      className="aq-cockpit"
    >
      <Card variant="borderless" className="aq-no-print">
        <Space wrap>
          <Segmented<Kind>
            value={p.kind}
            onChange={p.choose}
            options={[
              { value: 'year', label: '年度' },
              { value: 'quarter', label: '季度' },
              { value: 'month', label: '月度' },
            ]}
          />
          <Select aria-label="年份" style={{ width: 110 }} value={p.y} onChange={p.setY} options={p.years} />
          {p.kind !== 'year' ? (
            <Select
              aria-label={p.kind === 'month' ? '月份' : '季度'}
              style={{ width: 110 }}
              value={p.n}
              onChange={p.setN}
              options={p.nOptions}
            />
          ) : null}
          {c && (c.districts.length > 1 || p.districtCode) ? (
            <Select
              aria-label="区县"
              allowClear
              placeholder="全部区县"
              style={{ width: 140 }}
              value={p.districtCode}
              onChange={p.setDistrictCode}
              options={(p.districtCode ? c.uptake.byDistrict : c.districts).map((d) => ({
                value: d.code,
                label: d.name,
              }))}
            />
          ) : null}
          <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()} loading={q.isFetching}>
            刷新
          </Button>
          <Button type="primary" icon={<FullscreenOutlined />} onClick={() => setBig(true)}>
            大屏模式
          </Button>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            打印
          </Button>
        </Space>
      </Card>
      {q.isError && c ? <Alert type="warning" showIcon message="刷新失败，显示的是上次取得的数据" /> : null}
      {c ? (
        <>
          <Typography.Text type="secondary" data-testid="cockpit-freshness">
            {c.scopeName} · {c.period.label}（{c.period.from} 至 {c.period.to}）· {freshness(c)}
          </Typography.Text>
          <div className="aq-cockpit-kpis">
            {c.kpis.map((k) => (
              <KpiCard key={k.key} k={k} to={drillLink(k.key, paths, one, undefined, c.period)} />
            ))}
          </div>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <UptakeTable c={c} paths={paths} />
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title="理赔与隐患" data-testid="cockpit-claims">
                <Space wrap size={[24, 8]}>
                  <span>结案（件）：{thousands(c.claims.closed)}</span>
                  <span>结案赔付（元）：{thousands(c.claims.closedPaid)}</span>
                  <DrillText to={drillLink('unpaid', paths, one)}>
                    立案超{c.claims.unpaidDays}天未付（件）：{thousands(c.claims.unpaidOverdue)}
                  </DrillText>
                  <span>逾期未整改隐患（条）：{thousands(c.hazards.overdue)}</span>
                  <span>重大隐患未整改（条）：{thousands(c.hazards.majorOpen)}</span>
                  <span>
                    预防服务完成/计划（次）：{c.prevention.done}/{c.prevention.planned}
                  </span>
                  <span>共保保单占比：{c.business.coinsuredShare}%</span>
                  <span>投诉满意率：{c.complaints.satisfactionRate}%</span>
                  <span>理赔满意度：{c.complaints.claimSatisfaction}</span>
                  <span>投保满意度：{c.complaints.policySatisfaction}</span>
                </Space>
              </Card>
            </Col>
          </Row>
          <Charts c={c} big={false} />
        </>
      ) : (
        <Card loading={q.isLoading}>{q.isError ? '数据暂不可用' : null}</Card>
      )}
    </Space>
  );
}
