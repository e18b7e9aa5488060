import { useId } from 'react';

/** A labelled amount input in display units, with an optional "max" and the parse error below it. */
export function AmountField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  unit: string;
  error?: string | null;
  hint?: string;
  onMax?: () => void;
  name: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <div className="field-row">
        <input
          id={id}
          name={props.name}
          inputMode="decimal"
          autoComplete="off"
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onChange={(e: { target: { value: string } }) => props.onChange(e.target.value)}
        />
        <span className="unit">{props.unit}</span>
        {props.onMax ? (
          <button type="button" className="secondary" onClick={props.onMax}>
            Max
          </button>
        ) : null}
      </div>
      {props.hint ? <p className="hint">{props.hint}</p> : null}
      {props.error ? (
        <p id={errorId} className="error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** Rows of label/value pairs (a quote, a summary). */
export function Facts(props: { rows: readonly (readonly [string, string])[]; label?: string }) {
  return (
    <dl className="facts" aria-label={props.label}>
      {props.rows.map(([k, v]) => [<dt key={`${k}-t`}>{k}</dt>, <dd key={`${k}-d`}>{v}</dd>])}
    </dl>
  );
}
