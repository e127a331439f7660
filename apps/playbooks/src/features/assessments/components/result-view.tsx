import type { DimensionResult } from '@vere/contracts';
import { Chart } from './charts';

export const BAND_LABEL = { low: 'Low', middle: 'Middle', high: 'High' } as const;

export function changeLabel(change: number | null): string {
  if (change === null) return 'First take';
  if (change === 0) return 'No change since last time';
  return `${change > 0 ? '+' : '−'}${Math.abs(change)} since last time`;
}

/** The chart, its table, and what each score means. */
export function ResultView({ dimensions, caption }: { dimensions: DimensionResult[]; caption: string }) {
  return (
    <div className="as-result">
      <figure className="as-figure">
        <Chart bars={dimensions.map((d) => ({ name: d.name, score: d.score }))} label="Your score" />
        <table className="as-table" data-testid="score-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Dimension</th>
              <th scope="col">Score (0–100)</th>
              <th scope="col">Band</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {dimensions.map((d) => (
              <tr key={d.key}>
                <th scope="row">{d.name}</th>
                <td>{d.score}</td>
                <td>{BAND_LABEL[d.band]}</td>
                <td>{changeLabel(d.change)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
      <ul className="as-readings">
        {dimensions.map((d) => (
          <li key={d.key} className="as-reading" data-testid={`reading-${d.key}`}>
            <h3 className="as-reading__title">
              {d.name}{' '}
              <span className={`as-band is-${d.band}`}>
                {BAND_LABEL[d.band]} · {d.score}
              </span>
            </h3>
            <p className="as-reading__what">{d.description}</p>
            <p>{d.reading}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
