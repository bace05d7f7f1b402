// A small uPlot chart: a category axis (days, hours or agents) and one or more series, drawn as
// lines or bars, resized with its box. The data also sit on the element (data-points, data-sum)
// so a test can see the chart change.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumber } from '../../core/format/numbers';

export interface ChartSeries {
  label: string;
  /** null: no value that day (the line spans it). */
  values: (number | null)[];
  /** Drawn on a right-hand axis (a total or a percentage beside daily counts). */
  right?: boolean;
  percent?: boolean;
  bars?: boolean;
}

export const CHART_COLORS = ['#124a97', '#2eb872', '#f0a202', '#c62828', '#7b61ff', '#00a3bf', '#8d6e63'];
const HEIGHT = 260;

export function Chart({
  title,
  xLabel,
  labels,
  series,
}: {
  title: string;
  /** What the category axis holds (day, hour, agent), shown in the legend. */
  xLabel: string;
  labels: string[];
  series: ChartSeries[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const sum = series.reduce((n, s) => n + s.values.reduce<number>((a, b) => a + (b ?? 0), 0), 0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = labels.map((_, i) => i);
    const hasRight = series.some((s) => s.right);
    const rightPercent = series.some((s) => s.right && s.percent);
    const barWidth = series.filter((s) => s.bars).length || 1;
    const every = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(el.clientWidth / 70))));
    const options: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: HEIGHT,
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: [-0.5, Math.max(0.5, labels.length - 0.5)] },
        y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
        ...(hasRight
          ? {
              y2: {
                range: (_u: uPlot, _min: number, max: number) =>
                  [0, Math.max(1, max * 1.1)] as uPlot.Range.MinMax,
              },
            }
          : {}),
      },
      axes: [
        {
          splits: () => xs.filter((i) => i % every === 0),
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          grid: { show: false },
        },
        {
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? formatNumber(v, 0) : '')),
          size: 50,
        },
        ...(hasRight
          ? [
              {
                scale: 'y2',
                side: 1,
                size: 50,
                grid: { show: false },
                values: (_u: uPlot, splits: number[]) =>
                  splits.map((v) =>
                    rightPercent ? `${formatNumber(v, 0)}%` : Number.isInteger(v) ? formatNumber(v, 0) : '',
                  ),
              },
            ]
          : []),
      ],
      series: [
        { label: xLabel, value: (_u, i) => (i === null ? '' : (labels[i] ?? '')) },
        ...series.map((s, i) => ({
          label: s.label,
          stroke: CHART_COLORS[i % CHART_COLORS.length],
          width: 2,
          spanGaps: true,
          scale: s.right ? 'y2' : 'y',
          fill: s.bars ? `${CHART_COLORS[i % CHART_COLORS.length]}cc` : undefined,
          paths: s.bars ? uPlot.paths.bars?.({ size: [0.7 / barWidth, 60], align: 0 }) : undefined,
          points: { show: !s.bars && labels.length <= 40 },
          value: (_u: uPlot, v: number | null) => (v === null ? '' : formatNumber(v, 2)),
        })),
      ],
    };
    const plot = new uPlot(options, [xs, ...series.map((s) => s.values)], el);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, series, xLabel]);

  return (
    <figure className="report-chart">
      <figcaption>{title}</figcaption>
      <div ref={box} className="report-chart-plot" data-points={labels.length} data-sum={sum} />
    </figure>
  );
}
