import { useId } from 'react';

/**
 * A segmented choice: native radio buttons in a fieldset (one tab stop, arrow keys move between
 * options, the screen reader says "This week, radio button, 1 of 2" under the legend).
 */
export function BoardSwitch<T extends string>({
  legend,
  value,
  options,
  onChange,
  testId,
}: {
  legend: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  testId: string;
}) {
  const name = useId();
  return (
    <fieldset className="ch-switch" data-testid={testId}>
      <legend className="vui-visually-hidden">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className={`ch-switch__option${o.value === value ? ' is-on' : ''}`}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
            className="ch-switch__input"
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
