import { useId } from 'react';
import { h } from '../h.ts';

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
  return h(
    'div',
    { className: 'field' },
    h('label', { htmlFor: id }, props.label),
    h(
      'div',
      { className: 'field-row' },
      h('input', {
        id,
        name: props.name,
        inputMode: 'decimal',
        autoComplete: 'off',
        value: props.value,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': props.error ? errorId : undefined,
        onChange: (e: { target: { value: string } }) => props.onChange(e.target.value),
      }),
      h('span', { className: 'unit' }, props.unit),
      props.onMax
        ? h('button', { type: 'button', className: 'secondary', onClick: props.onMax }, 'Max')
        : null,
    ),
    props.hint ? h('p', { className: 'hint' }, props.hint) : null,
    props.error ? h('p', { id: errorId, className: 'error' }, props.error) : null,
  );
}

/** Rows of label/value pairs (a quote, a summary). */
export function Facts(props: { rows: readonly (readonly [string, string])[]; label?: string }) {
  return h(
    'dl',
    { className: 'facts', 'aria-label': props.label },
    props.rows.map(([k, v]) => [h('dt', { key: `${k}-t` }, k), h('dd', { key: `${k}-d` }, v)]),
  );
}
