/** A ring that fills with `done / total`; its label says the same in words for screen readers. */
export function ProgressRing({
  done,
  total,
  size = 48,
  label,
}: {
  done: number;
  total: number;
  size?: number;
  label: string;
}) {
  const stroke = 5;
  const r = (size - stroke) / 2;
  const circumference = 2 * Math.PI * r;
  const share = total > 0 ? Math.min(done / total, 1) : 0;
  return (
    <svg className="pb-ring" width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label}>
      <circle className="pb-ring__track" cx={size / 2} cy={size / 2} r={r} strokeWidth={stroke} fill="none" />
      <circle
        className="pb-ring__fill"
        cx={size / 2}
        cy={size / 2}
        r={r}
        strokeWidth={stroke}
        fill="none"
        strokeLinecap="round"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - share)}
        transform={`rotate(-90 ${size / 2} ${size / 2})`}
      />
      <text className="pb-ring__text" x="50%" y="50%" dominantBaseline="central" textAnchor="middle" aria-hidden="true">
        {Math.round(share * 100)}%
      </text>
    </svg>
  );
}
