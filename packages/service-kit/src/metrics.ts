import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One registry per service (never the global one, so two services in one test process do not
 * mix), with the process's default metrics under the service's prefix.
 *
 * @example
 * const metrics = createMetrics('indexer');
 * const deliveries = metrics.counter('webhook_deliveries_total', 'Deliveries received', ['program']);
 */
export function createMetrics(service: string) {
  const registry = new Registry();
  const prefix = `${service.replace(/[^a-zA-Z0-9_]/g, '_')}_`;
  collectDefaultMetrics({ register: registry, prefix });
  return {
    registry,
    prefix,
    counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
      return new Counter<L>({ name: prefix + name, help, labelNames, registers: [registry] });
    },
    gauge<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
      return new Gauge<L>({ name: prefix + name, help, labelNames, registers: [registry] });
    },
    histogram<L extends string>(
      name: string,
      help: string,
      labelNames: readonly L[] = [],
      buckets?: number[],
    ) {
      return new Histogram<L>({
        name: prefix + name,
        help,
        labelNames,
        registers: [registry],
        ...(buckets ? { buckets } : {}),
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
