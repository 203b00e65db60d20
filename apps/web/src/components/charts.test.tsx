import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BarChart,
  buildCartesianOption,
  buildPieOption,
  CHART_COLORS,
  escapeHtml,
  LineChart,
  PieChart,
  pieTooltip,
} from './charts.tsx';
import { failOnConsoleError } from './test-utils.tsx';

failOnConsoleError();

const STATS = [
  { name: 'premium', label: '保费', value: 1234567, unit: '元' },
  { name: 'claimPaid', label: '理赔费用', value: 2000, unit: '元' },
  { name: '未标注', value: 10 },
];

describe('palette', () => {
  it('has ten distinct colours', () => {
    expect(CHART_COLORS).toHaveLength(10);
    expect(new Set(CHART_COLORS).size).toBe(10);
    for (const c of CHART_COLORS) expect(c).toMatch(/^#[0-9a-f]{6}$/i);
  });
});

describe('buildPieOption', () => {
  it('uses the label when given, carries units and the palette', () => {
    const option = buildPieOption(STATS, { title: '保费统计' });
    expect(option.color).toEqual([...CHART_COLORS]);
    const series = (
      option.series as { type: string; data: { name: string; value: number; unit: string }[] }[]
    )[0]!;
    expect(series.type).toBe('pie');
    expect(series.data).toEqual([
      { name: '保费', value: 1234567, unit: '元' },
      { name: '理赔费用', value: 2000, unit: '元' },
      { name: '未标注', value: 10, unit: '' },
    ]);
    expect(option.title).toMatchObject({ text: '保费统计' });
    expect(option.aria).toEqual({ enabled: true });
  });
  it('makes a donut on request and can hide the legend', () => {
    const option = buildPieOption(STATS, { donut: true, showLegend: false });
    const series = (option.series as { radius: unknown }[])[0]!;
    expect(series.radius).toEqual(['40%', '65%']);
    expect(option.legend).toEqual({ show: false });
  });
});

describe('pieTooltip', () => {
  it('shows the value with thousands separators, unit and percent', () => {
    expect(pieTooltip({ name: '保费', value: 1234567, percent: 45.6, data: { unit: '元' } })).toBe(
      '保费：1,234,567元（45.6%）',
    );
  });
  it('escapes HTML in server-provided names', () => {
    expect(pieTooltip({ name: '<img src=x onerror=alert(1)>', value: 1 })).toBe(
      '&lt;img src=x onerror=alert(1)&gt;：1',
    );
    expect(escapeHtml(`a&"'`)).toBe('a&amp;&quot;&#39;');
  });
});

describe('buildCartesianOption', () => {
  it('builds bar series over categories', () => {
    const option = buildCartesianOption('bar', ['1月', '2月'], [{ name: '保费', data: [1, 2], unit: '元' }]);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['1月', '2月'] });
    expect(option.yAxis).toMatchObject({ type: 'value' });
    expect(option.series).toEqual([expect.objectContaining({ type: 'bar', name: '保费', data: [1, 2] })]);
    expect(option.legend).toMatchObject({ show: false });
  });
  it('swaps axes for horizontal bars and shows a legend for several series', () => {
    const option = buildCartesianOption(
      'bar',
      ['宿城区'],
      [
        { name: 'a', data: [1] },
        { name: 'b', data: [2] },
      ],
      { horizontal: true },
    );
    expect(option.yAxis).toMatchObject({ type: 'category' });
    expect(option.legend).toMatchObject({ show: true });
  });
  it('formats the axis tooltip with units and escaping', () => {
    const option = buildCartesianOption('line', ['1月'], [{ name: '理赔<b>', data: [12345], unit: '件' }]);
    const tooltip = option.tooltip as { formatter: (p: unknown) => string };
    expect(
      tooltip.formatter([{ axisValueLabel: '1月', seriesName: '理赔<b>', value: 12345, marker: '' }]),
    ).toBe('1月<br/>理赔&lt;b&gt;：12,345件');
    expect(option.series).toEqual([expect.objectContaining({ type: 'line', smooth: true })]);
  });
});

describe('chart components', () => {
  // happy-dom does no layout; give elements a size so ECharts lays out as in a browser.
  const restore: (() => void)[] = [];
  beforeEach(() => {
    for (const [prop, size] of [
      ['clientWidth', 600],
      ['clientHeight', 300],
    ] as const) {
      const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop);
      Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => size });
      restore.push(() => {
        if (original) Object.defineProperty(HTMLElement.prototype, prop, original);
        else Reflect.deleteProperty(HTMLElement.prototype, prop);
      });
    }
  });
  afterEach(() => {
    for (const r of restore.splice(0)) r();
  });

  it('PieChart renders a 300 px chart region', async () => {
    const { container } = render(<PieChart title="事故预防费用" data={STATS} />);
    const region = screen.getByRole('region', { name: '事故预防费用' });
    expect(region.style.height).toBe('300px');
    // One path per slice at least.
    await waitFor(() =>
      expect(container.querySelectorAll('svg path').length).toBeGreaterThanOrEqual(STATS.length),
    );
  });

  it('PieChart shows 暂无数据 for no data or all zeros', () => {
    const { rerender } = render(<PieChart data={[]} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    rerender(<PieChart data={[{ name: 'a', value: 0 }]} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('BarChart and LineChart render, or show 暂无数据 when empty', async () => {
    const { container, unmount } = render(
      <BarChart
        title="理赔案件"
        categories={['1月', '2月']}
        series={[{ name: '理赔案件', data: [3, 5], unit: '件' }]}
      />,
    );
    expect(screen.getByRole('region', { name: '理赔案件' })).toBeTruthy();
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    unmount();
    render(<LineChart categories={['1月']} series={[{ name: 'x', data: [null] }]} height={200} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.getByRole('region', { name: '折线图' }).style.height).toBe('200px');
  });
});
