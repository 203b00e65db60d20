import { Empty, Spin } from 'antd';
import {
  type BarSeriesOption,
  BarChart as EBarChart,
  LineChart as ELineChart,
  PieChart as EPieChart,
  type LineSeriesOption,
  type PieSeriesOption,
} from 'echarts/charts';
import {
  AriaComponent,
  type AriaComponentOption,
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TitleComponent,
  type TitleComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { CSSProperties } from 'react';
import { thousands } from './text.ts';

// Only the parts the widgets use; SVG keeps the bundle small and the charts crisp when printed.
echarts.use([
  EPieChart,
  EBarChart,
  ELineChart,
  AriaComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  SVGRenderer,
]);

type PieOption = echarts.ComposeOption<
  | PieSeriesOption
  | TooltipComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | AriaComponentOption
>;
type CartesianOption = echarts.ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | TooltipComponentOption
  | LegendComponentOption
  | GridComponentOption
  | TitleComponentOption
  | AriaComponentOption
>;

/** The ten chart colours, led by the platform green. */
export const CHART_COLORS = [
  '#52c41a',
  '#1890ff',
  '#faad14',
  '#13c2c2',
  '#722ed1',
  '#fa541c',
  '#eb2f96',
  '#2f54eb',
  '#a0d911',
  '#8c8c8c',
] as const;

/** Spec 9: chart height. */
export const CHART_HEIGHT = 300;

/** Statistic chart data (spec 3): `label` is shown when given (e.g. 投保企业), `unit` follows values. */
export interface ChartDatum {
  name: string;
  value: number;
  unit?: string;
  label?: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** ECharts renders tooltips as HTML: names from the server must be escaped. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const displayName = (d: ChartDatum) => d.label || d.name;

interface PieTooltipParams {
  name: string;
  value: number;
  percent?: number;
  data?: { unit?: string };
}

/** Tooltip line for a slice: 投保企业：1,234家（45.6%）. */
export function pieTooltip(p: PieTooltipParams): string {
  const unit = p.data?.unit ?? '';
  const percent = typeof p.percent === 'number' ? `（${p.percent}%）` : '';
  return `${escapeHtml(p.name)}：${escapeHtml(thousands(p.value))}${escapeHtml(unit)}${percent}`;
}

export interface PieOptionSettings {
  title?: string;
  colors?: readonly string[];
  donut?: boolean;
  showLegend?: boolean;
}

export function buildPieOption(data: ChartDatum[], settings: PieOptionSettings = {}): PieOption {
  const { title, colors = CHART_COLORS, donut = false, showLegend = true } = settings;
  return {
    color: [...colors],
    aria: { enabled: true },
    ...(title ? { title: { text: title, left: 'center', textStyle: { fontSize: 14 } } } : {}),
    tooltip: {
      trigger: 'item',
      formatter: (params) => pieTooltip(params as unknown as PieTooltipParams),
    },
    legend: showLegend ? { type: 'scroll', orient: 'horizontal', bottom: 0 } : { show: false },
    series: [
      {
        type: 'pie',
        radius: donut ? ['40%', '65%'] : '65%',
        center: ['50%', title ? '52%' : '45%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b}: {d}%' },
        data: data.map((d) => ({ name: displayName(d), value: d.value, unit: d.unit ?? '' })),
      },
    ],
  };
}

export interface CartesianSeries {
  name: string;
  data: (number | null)[];
  unit?: string;
}

export interface CartesianOptionSettings {
  title?: string;
  colors?: readonly string[];
  /** Bars run left to right with categories on the y axis. */
  horizontal?: boolean;
  /** Line charts: fill under the line. */
  area?: boolean;
}

export function buildCartesianOption(
  kind: 'bar' | 'line',
  categories: string[],
  series: CartesianSeries[],
  settings: CartesianOptionSettings = {},
): CartesianOption {
  const { title, colors = CHART_COLORS, horizontal = false, area = false } = settings;
  const units = new Map(series.map((s) => [s.name, s.unit ?? '']));
  const categoryAxis = { type: 'category' as const, data: categories };
  const valueAxis = { type: 'value' as const, axisLabel: { formatter: (v: number) => thousands(v) } };
  return {
    color: [...colors],
    aria: { enabled: true },
    ...(title ? { title: { text: title, left: 'center', textStyle: { fontSize: 14 } } } : {}),
    tooltip: {
      trigger: 'axis',
      formatter: (raw) => {
        const items = (Array.isArray(raw) ? raw : [raw]) as unknown as {
          axisValueLabel?: string;
          seriesName?: string;
          value?: number | null;
          marker?: string;
        }[];
        const head = escapeHtml(items[0]?.axisValueLabel ?? '');
        const lines = items.map(
          (i) =>
            `${i.marker ?? ''}${escapeHtml(i.seriesName ?? '')}：${escapeHtml(thousands(i.value))}${escapeHtml(units.get(i.seriesName ?? '') ?? '')}`,
        );
        return [head, ...lines].join('<br/>');
      },
    },
    legend: { show: series.length > 1, bottom: 0 },
    grid: {
      left: 12,
      right: 24,
      top: title ? 40 : 20,
      bottom: series.length > 1 ? 36 : 12,
      containLabel: true,
    },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: series.map((s) =>
      kind === 'bar'
        ? ({ type: 'bar', name: s.name, data: s.data, barMaxWidth: 32 } satisfies BarSeriesOption)
        : ({
            type: 'line',
            name: s.name,
            data: s.data,
            smooth: true,
            ...(area ? { areaStyle: { opacity: 0.15 } } : {}),
          } satisfies LineSeriesOption),
    ),
  };
}

interface ChartFrameProps {
  height?: number;
  loading?: boolean;
  empty: boolean;
  className?: string;
  style?: CSSProperties;
  /** Accessible name of the chart region. */
  ariaLabel?: string;
  option: PieOption | CartesianOption;
}

function ChartFrame({
  height = CHART_HEIGHT,
  loading = false,
  empty,
  className,
  style,
  ariaLabel,
  option,
}: ChartFrameProps) {
  return (
    <section
      aria-label={ariaLabel}
      aria-busy={loading}
      className={className}
      style={{ height, position: 'relative', ...style }}
    >
      {empty && !loading ? (
        <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
        </div>
      ) : (
        <Spin spinning={loading}>
          <ReactEChartsCore
            echarts={echarts}
            option={option}
            notMerge
            lazyUpdate
            opts={{ renderer: 'svg', locale: 'ZH' }}
            style={{ height, width: '100%' }}
          />
        </Spin>
      )}
    </section>
  );
}

export interface PieChartProps extends PieOptionSettings {
  data: ChartDatum[];
  height?: number;
  loading?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** Pie chart, 300 px high, ten-colour palette (spec 9). Shows 暂无数据 when there is nothing to draw. */
export function PieChart({ data, height, loading, className, style, ...settings }: PieChartProps) {
  const empty = data.length === 0 || data.every((d) => !d.value);
  return (
    <ChartFrame
      height={height}
      loading={loading}
      empty={empty}
      className={className}
      style={style}
      ariaLabel={settings.title ?? '饼图'}
      option={buildPieOption(data, settings)}
    />
  );
}

export interface CartesianChartProps extends CartesianOptionSettings {
  categories: string[];
  series: CartesianSeries[];
  height?: number;
  loading?: boolean;
  className?: string;
  style?: CSSProperties;
}

const hasValues = (series: CartesianSeries[]) => series.some((s) => s.data.some((v) => v !== null));

/** Bar chart sharing the palette; one or more series over categories. */
export function BarChart({
  categories,
  series,
  height,
  loading,
  className,
  style,
  ...settings
}: CartesianChartProps) {
  return (
    <ChartFrame
      height={height}
      loading={loading}
      empty={categories.length === 0 || !hasValues(series)}
      className={className}
      style={style}
      ariaLabel={settings.title ?? '柱状图'}
      option={buildCartesianOption('bar', categories, series, settings)}
    />
  );
}

/** Line chart sharing the palette; one or more series over categories (e.g. months). */
export function LineChart({
  categories,
  series,
  height,
  loading,
  className,
  style,
  ...settings
}: CartesianChartProps) {
  return (
    <ChartFrame
      height={height}
      loading={loading}
      empty={categories.length === 0 || !hasValues(series)}
      className={className}
      style={style}
      ariaLabel={settings.title ?? '折线图'}
      option={buildCartesianOption('line', categories, series, settings)}
    />
  );
}
