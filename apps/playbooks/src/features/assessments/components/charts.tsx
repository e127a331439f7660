import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { ChartBar } from './score-chart';

const LazyScoreChart = lazy(() => import('./score-chart').then((m) => ({ default: m.ScoreChart })));
const LazyHistoryChart = lazy(() => import('./score-chart').then((m) => ({ default: m.HistoryChart })));

/** A chart that failed to load leaves only its table (which is always there). */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function Chart(props: { bars: ChartBar[]; label: string; otherLabel?: string }) {
  return (
    <ChartBoundary>
      <Suspense fallback={<div className="as-chart as-chart--loading" aria-hidden="true" />}>
        <LazyScoreChart {...props} />
      </Suspense>
    </ChartBoundary>
  );
}

export function History(props: {
  takes: { label: string; scores: Record<string, number> }[];
  dimensions: { key: string; name: string }[];
}) {
  return (
    <ChartBoundary>
      <Suspense fallback={<div className="as-chart as-chart--loading" aria-hidden="true" />}>
        <LazyHistoryChart {...props} />
      </Suspense>
    </ChartBoundary>
  );
}
