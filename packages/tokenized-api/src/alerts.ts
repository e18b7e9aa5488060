import type { Clock } from './clock.ts';
import type { Logger } from './logger.ts';

/** Spec (Errors): HTTP 5xx persisting more than 5 minutes raises an alert. */
export const SERVER_ERROR_ALERT_AFTER_MS = 5 * 60_000;

/** An alert raised by the client. */
export type TokenizedApiAlert =
  | Readonly<{
      kind: 'upstream-server-errors-persisting';
      severity: 'critical';
      firstSeenAt: Date;
      lastSeenAt: Date;
      lastStatus: number;
      lastOperation: string;
      count: number;
    }>
  | Readonly<{
      kind: 'upstream-server-errors-resolved';
      severity: 'info';
      firstSeenAt: Date;
      resolvedAt: Date;
      count: number;
    }>;

/** Where alerts go (pager, chat webhook, metrics); pluggable. */
export interface AlertSink {
  send(alert: TokenizedApiAlert): void | Promise<void>;
}

/**
 * The default sink: writes the alert to the logger at error/info level.
 *
 * @example
 * ```ts
 * createTokenizedApiClient({ baseUrl, alertSink: loggingAlertSink(logger) });
 * ```
 */
export function loggingAlertSink(logger: Logger): AlertSink {
  return {
    send(alert) {
      const fields = {
        kind: alert.kind,
        firstSeenAt: alert.firstSeenAt.toISOString(),
        count: alert.count,
      };
      if (alert.severity === 'critical') logger.error('tokenized-api alert', fields);
      else logger.info('tokenized-api alert', fields);
    },
  };
}

/** Tracks one episode of consecutive upstream 5xx answers. */
export interface ServerErrorMonitor {
  /** Records an HTTP 5xx answer. */
  recordServerError(status: number, operation: string): void;
  /** Records any answer below 500, which ends the episode. */
  recordHealthyResponse(): void;
}

/**
 * Creates the 5xx monitor. An episode starts at the first 5xx and ends at the next answer
 * below 500 (timeouts and connection errors neither start nor end one). When a 5xx arrives
 * more than `thresholdMs` after the episode started, one `persisting` alert is sent; the
 * answer that ends an alerted episode sends one `resolved` alert. A failing sink is logged,
 * never thrown into the request path.
 *
 * @example
 * ```ts
 * const monitor = createServerErrorMonitor({ clock: systemClock, sink, logger: noopLogger });
 * monitor.recordServerError(503, 'getPrice');
 * ```
 */
export function createServerErrorMonitor(options: {
  clock: Clock;
  sink: AlertSink;
  logger: Logger;
  thresholdMs?: number;
}): ServerErrorMonitor {
  const threshold = options.thresholdMs ?? SERVER_ERROR_ALERT_AFTER_MS;
  let episode: { firstSeenAt: number; count: number; alerted: boolean } | null = null;

  const deliver = (alert: TokenizedApiAlert) => {
    try {
      Promise.resolve(options.sink.send(alert)).catch(() => {
        options.logger.error('tokenized-api alert sink failed', { kind: alert.kind });
      });
    } catch {
      options.logger.error('tokenized-api alert sink failed', { kind: alert.kind });
    }
  };

  return {
    recordServerError(status, operation) {
      const now = options.clock.now();
      if (episode === null) episode = { firstSeenAt: now, count: 0, alerted: false };
      episode.count += 1;
      if (!episode.alerted && now - episode.firstSeenAt > threshold) {
        episode.alerted = true;
        deliver({
          kind: 'upstream-server-errors-persisting',
          severity: 'critical',
          firstSeenAt: new Date(episode.firstSeenAt),
          lastSeenAt: new Date(now),
          lastStatus: status,
          lastOperation: operation,
          count: episode.count,
        });
      }
    },
    recordHealthyResponse() {
      if (episode?.alerted) {
        deliver({
          kind: 'upstream-server-errors-resolved',
          severity: 'info',
          firstSeenAt: new Date(episode.firstSeenAt),
          resolvedAt: new Date(options.clock.now()),
          count: episode.count,
        });
      }
      episode = null;
    },
  };
}
