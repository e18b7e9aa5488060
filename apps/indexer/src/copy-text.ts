// Postgres COPY text format (one line per row, tab-separated, `\N` for null): the cheapest
// way to hand Postgres many rows, both to build here and to parse there (no array literals,
// no per-row statement). Only backslash, newline, carriage return and tab need escaping.

const SPECIAL = /[\\\n\r\t]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * One field as COPY text reads it back.
 *
 * @example
 * copyField(null); // '\\N'
 * copyField('a\tb'); // 'a\\tb'
 */
export function copyField(value: string | number | bigint | Date | null): string {
  if (value === null) return '\\N';
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === 'string' ? value : value.toString();
  return SPECIAL.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c] as string) : text;
}

/** One row as a COPY text line (newline included). */
export function copyLine(fields: readonly (string | number | bigint | Date | null)[]): string {
  let line = '';
  for (let i = 0; i < fields.length; i += 1) {
    if (i > 0) line += '\t';
    line += copyField(fields[i] ?? null);
  }
  return `${line}\n`;
}
