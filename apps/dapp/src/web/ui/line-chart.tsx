// A small SVG line chart. Values are bigint; they are scaled to pixels with integer math (the
// pixel is the only place a number is rounded, and it is never shown as an amount).
import { h } from '../h.ts';

export type ChartPoint = Readonly<{ x: bigint; y: bigint }>;

const W = 600n;
const H = 160n;
const PAD = 8n;

// Math.min/max do not take bigint.
function lowest(values: readonly bigint[]): bigint {
  let m = values[0] ?? 0n;
  for (const v of values) if (v < m) m = v;
  return m;
}

function highest(values: readonly bigint[]): bigint {
  let m = values[0] ?? 0n;
  for (const v of values) if (v > m) m = v;
  return m;
}

export function LineChart(props: {
  title: string;
  points: readonly ChartPoint[];
  format: (y: bigint) => string;
}) {
  const pts = props.points;
  if (pts.length < 2) {
    return h(
      'figure',
      { className: 'chart' },
      h('figcaption', null, props.title),
      h('p', { className: 'hint' }, 'Not enough history yet.'),
    );
  }
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const minX = lowest(xs);
  const maxX = highest(xs);
  let minY = lowest(ys);
  let maxY = highest(ys);
  if (minY === maxY) {
    minY -= 1n;
    maxY += 1n;
  }
  const spanX = maxX === minX ? 1n : maxX - minX;
  const path = pts
    .map((p, i) => {
      const x = PAD + ((p.x - minX) * (W - 2n * PAD)) / spanX;
      const y = H - PAD - ((p.y - minY) * (H - 2n * PAD)) / (maxY - minY);
      return `${i === 0 ? 'M' : 'L'}${x} ${y}`;
    })
    .join(' ');
  const last = pts[pts.length - 1] as ChartPoint;
  const summary = `${props.title}: from ${props.format(pts[0]?.y ?? 0n)} to ${props.format(last.y)}, ${pts.length} points; low ${props.format(minY)}, high ${props.format(maxY)}.`;
  return h(
    'figure',
    { className: 'chart' },
    h(
      'figcaption',
      null,
      props.title,
      ' ',
      h('span', { className: 'hint' }, `latest ${props.format(last.y)}`),
    ),
    h(
      'svg',
      { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': summary, preserveAspectRatio: 'none' },
      h('path', {
        d: path,
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        vectorEffect: 'non-scaling-stroke',
      }),
    ),
  );
}
