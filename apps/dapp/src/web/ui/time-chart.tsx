// A time series drawn by TradingView's lightweight-charts (canvas). Amounts stay bigint up to
// the plot: each is handed to the chart as the integer count of its smallest unit (exact below
// 2^53, which every series here is far under), and every label the chart prints (axis, cross
// hair) goes back through BigInt and the page's own formatter, so no displayed amount is ever a
// float. Screen readers get the figure's caption and a sentence (first, last, low, high).
import {
  createChart,
  type IChartApi,
  LineSeries,
  LineType,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';

/** One point: `time` in unix seconds, `value` in the series' smallest unit. */
export type TimePoint = Readonly<{ time: bigint; value: bigint }>;

/** Points in time order, one per second (a later point at the same second wins). */
export function plotPoints(points: readonly TimePoint[]): { time: UTCTimestamp; value: number }[] {
  const bySecond = new Map<bigint, bigint>();
  for (const p of points) bySecond.set(p.time, p.value);
  return [...bySecond.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([time, value]) => ({ time: Number(time) as UTCTimestamp, value: Number(value) }));
}

/**
 * The chart's text alternative: from the first value to the last, how many points, low, high.
 *
 * @example
 * chartSummary('TVL', points, formatUsd); // 'TVL: from $1.00 to $2.50, 2 points; low $1.00, high $2.50.'
 */
export function chartSummary(
  title: string,
  points: readonly TimePoint[],
  format: (v: bigint) => string,
): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return `${title}: no data.`;
  let low = first.value;
  let high = first.value;
  for (const p of points) {
    if (p.value < low) low = p.value;
    if (p.value > high) high = p.value;
  }
  return `${title}: from ${format(first.value)} to ${format(last.value)}, ${points.length} points; low ${format(low)}, high ${format(high)}.`;
}

export function TimeChart(props: {
  title: string;
  points: readonly TimePoint[];
  format: (v: bigint) => string;
  /** A value that holds until the next point (a multiplier), drawn as steps. */
  steps?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const { points, format, steps } = props;
  const enough = points.length >= 2;

  useEffect(() => {
    const el = box.current;
    if (!el || !enough) return;
    const c = createChart(el, {
      autoSize: true,
      // The attribution the library's licence asks for is the page's own link
      // (ChartAttribution): a link drawn inside this aria-hidden box would be focusable but hidden.
      layout: { background: { color: '#ffffff' }, textColor: '#222222', attributionLogo: false },
      grid: { vertLines: { color: '#eeeeee' }, horzLines: { color: '#eeeeee' } },
      timeScale: { timeVisible: true, secondsVisible: false },
      // Axis and cross-hair labels: back to the exact integer, then the page's formatter.
      localization: { priceFormatter: (v: number) => format(BigInt(Math.round(v))) },
      handleScroll: false,
      handleScale: false,
    });
    const series = c.addSeries(LineSeries, {
      color: '#0b4f9c',
      lineWidth: 2,
      lineType: steps ? LineType.WithSteps : LineType.Simple,
      priceLineVisible: false,
    });
    series.setData(plotPoints(points));
    c.timeScale().fitContent();
    chart.current = c;
    return () => {
      chart.current = null;
      c.remove();
    };
  }, [points, format, steps, enough]);

  if (!enough) {
    return (
      <figure className="chart">
        <figcaption>{props.title}</figcaption>
        <p className="hint">Not enough history yet.</p>
      </figure>
    );
  }
  const last = points[points.length - 1] as TimePoint;
  return (
    <figure className="chart" data-chart={props.title} data-points={points.length}>
      <figcaption>
        {props.title} <span className="hint">{`latest ${format(last.value)}`}</span>
      </figcaption>
      <div className="chart-canvas" ref={box} aria-hidden="true" />
      <p className="sr-only">{chartSummary(props.title, points, format)}</p>
    </figure>
  );
}

/** The charting library's attribution (its licence's notice), once under a group of charts. */
export function ChartAttribution() {
  return (
    <p className="hint chart-attribution">
      Charts by{' '}
      <a href="https://www.tradingview.com/" rel="noreferrer" target="_blank">
        TradingView Lightweight Charts
      </a>
      .
    </p>
  );
}
