/** One compute-unit measurement, as written to bench/results/cu.json. */
export interface CuRecord {
  program: string;
  instruction: string;
  case: string;
  computeUnits: number;
  txBytes: number;
}

/** A benchmark module: `bench/<name>.bench.ts` default-exports one of these. */
export type Bench = () => Promise<CuRecord[]>;
