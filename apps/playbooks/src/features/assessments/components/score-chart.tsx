// The charts (recharts), loaded lazily: /guides and /assessments paint without them. The SVG is
// hidden from screen readers; the table beside every chart (score-table.tsx) is the accessible
// version and the fallback while this chunk loads or if it fails.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const PRIMARY = 'var(--vui-primary)';
const ACCENT = 'var(--vui-accent)';
const LINE_COLOURS = ['#7c5cff', '#ff7a59', '#1fb58f', '#f5b400', '#3b82f6'];

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export interface ChartBar {
  name: string;
  score: number;
  /** A second bar (friends' view). */
  other?: number;
}

/** One horizontal bar per dimension, 0–100; with `otherLabel`, a second bar beside each. */
export function ScoreChart({ bars, label, otherLabel }: { bars: ChartBar[]; label: string; otherLabel?: string }) {
  const animate = !reducedMotion();
  return (
    <div className="as-chart" aria-hidden="true" data-testid="score-chart">
      <ResponsiveContainer width="100%" height={Math.max(160, bars.length * (otherLabel ? 64 : 44))}>
        <BarChart
          accessibilityLayer={false}
          data={bars}
          layout="vertical"
          margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
        >
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" domain={[0, 100]} ticks={[0, 40, 60, 100]} />
          <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 12 }} />
          {otherLabel && <Legend />}
          <Bar dataKey="score" name={label} fill={PRIMARY} radius={[0, 6, 6, 0]} isAnimationActive={animate} />
          {otherLabel && (
            <Bar dataKey="other" name={otherLabel} fill={ACCENT} radius={[0, 6, 6, 0]} isAnimationActive={animate} />
          )}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Every take over time: one line per dimension. */
export function HistoryChart({
  takes,
  dimensions,
}: {
  takes: { label: string; scores: Record<string, number> }[];
  dimensions: { key: string; name: string }[];
}) {
  const animate = !reducedMotion();
  const data = takes.map((t) => ({ label: t.label, ...t.scores }));
  return (
    <div className="as-chart" aria-hidden="true" data-testid="history-chart">
      <ResponsiveContainer width="100%" height={220}>
        <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 4, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} ticks={[0, 40, 60, 100]} />
          <Tooltip />
          <Legend />
          {dimensions.map((d, i) => (
            <Line
              key={d.key}
              type="monotone"
              dataKey={d.key}
              name={d.name}
              stroke={LINE_COLOURS[i % LINE_COLOURS.length]}
              strokeWidth={2}
              isAnimationActive={animate}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
