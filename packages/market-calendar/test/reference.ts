import { readFileSync } from 'node:fs';

/**
 * The NYSE reference calendar generated once from two implementations independent of this package
 * (Python `holidays` 0.108 and `exchange-calendars` 4.13.2); see fixtures/nyse-reference.json.
 */
export interface NyseReference {
  readonly source: string;
  readonly adHocClosures: readonly string[];
  readonly holidays: Readonly<Record<string, readonly string[]>>;
  readonly earlyCloses: Readonly<Record<string, readonly string[]>>;
  readonly sessionsUtc: Readonly<Record<string, readonly string[] | string>>;
}

export const NYSE_REFERENCE: NyseReference = JSON.parse(
  readFileSync(new URL('./fixtures/nyse-reference.json', import.meta.url), 'utf8'),
);
