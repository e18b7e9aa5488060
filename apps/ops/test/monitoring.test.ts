// The monitoring files, loaded and checked: alert rules parsed by the rule-format checker (no
// promtool on these machines), every metric they select exported by a service's code (or
// listed as assumed in the docs), each alert linked to a runbook heading that exists; the
// Grafana dashboard's queries held to the same checks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@basket/localnet';
import { describe, expect, it } from 'vitest';
import { ASSUMED_METRICS } from '../src/monitoring/assumed-metrics.ts';
import { checkPromQl, checkRuleFile, declaredMetricNames } from '../src/monitoring/rule-check.ts';

const root = repoRoot();
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function sources(dir: string): string {
  const full = join(root, dir);
  try {
    statSync(full);
  } catch {
    return '';
  }
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(join(full, f), 'utf8'))
    .join('\n');
}

const known = new Set([
  ...declaredMetricNames('keeper', sources('apps/keeper/src')),
  ...declaredMetricNames('indexer', sources('apps/indexer/src')),
  ...ASSUMED_METRICS,
  'up',
]);
const operations = read('docs/operations.md');
const anchors = new Set(
  [...operations.matchAll(/^#+ (.+)$/gm)].map((m) =>
    (m[1] as string)
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-'),
  ),
);

describe('alert rules (ops/monitoring/alerts.yaml)', () => {
  const { rules, problems } = checkRuleFile(read('ops/monitoring/alerts.yaml'));

  it('parse with no problems', () => {
    expect(problems).toEqual([]);
    expect(rules.length).toBeGreaterThanOrEqual(9);
  });

  it('cover every condition the issue names', () => {
    const selected = (metric: string, kind?: string) =>
      rules.some((r) => r.metrics.includes(metric) && (!kind || r.expr.includes(`kind="${kind}"`)));
    expect({
      staleNav: selected('keeper_nav_age_seconds'),
      pushWithoutRefresh: selected('keeper_push_without_refresh_total'),
      // A gauge held while the outage lasts (the alert kind's counter rises once per outage).
      api5xx: selected('keeper_api_5xx_persisting'),
      severeCorporateAction: selected('keeper_alerts_total', 'severe-corporate-action'),
      rebalanceFailures: selected('keeper_rebalance_failures_total'),
      lossBudget: selected('keeper_rebalance_loss_budget_used_ratio'),
      indexerLag: selected('indexer_finality_lag_seconds'),
      webhookAuth: selected('indexer_webhook_auth_failures_total'),
      leaderFlapping: selected('keeper_leader_changes_total'),
    }).toEqual({
      staleNav: true,
      pushWithoutRefresh: true,
      api5xx: true,
      severeCorporateAction: true,
      rebalanceFailures: true,
      lossBudget: true,
      indexerLag: true,
      webhookAuth: true,
      leaderFlapping: true,
    });
  });

  it('select only metrics the services export (or the documented assumed ones)', () => {
    const unknown = rules.flatMap((r) =>
      r.metrics.filter((m) => !known.has(m)).map((m) => `${r.alert}: ${m}`),
    );
    expect(unknown).toEqual([]);
    for (const m of ASSUMED_METRICS) expect(operations).toContain(`\`${m}\``);
  });

  it('assume no metric a service already exports', () => {
    const exported = new Set([
      ...declaredMetricNames('keeper', sources('apps/keeper/src')),
      ...declaredMetricNames('indexer', sources('apps/indexer/src')),
    ]);
    expect(ASSUMED_METRICS.filter((m) => exported.has(m))).toEqual([]);
  });

  it("page on every alert kind the keeper raises, through docs/keeper.md's map", () => {
    const union = /export type AlertKind =([^;]+);/.exec(
      read('apps/keeper/src/service/alerts.ts'),
    )?.[1];
    const kinds = [...(union ?? '').matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1] as string);
    expect(kinds).toContain('api-5xx-persisting');
    // Rows of the map: | `kind` | raised when | `Rule` ... | runbook |
    const map = new Map(
      [
        ...read('docs/keeper.md').matchAll(/^\| `([a-z0-9-]+)` \|[^|]*\| `(Basket[A-Za-z0-9]+)`/gm),
      ].map((m) => [m[1] as string, m[2] as string]),
    );
    const names = new Set(rules.map((r) => r.alert));
    const unmapped = kinds.filter((k) => !names.has(map.get(k) ?? ''));
    expect(unmapped, 'kinds with no row naming an existing rule').toEqual([]);
    // A rule on the alert counter selects its own kind.
    for (const k of kinds) {
      const rule = rules.find((r) => r.alert === map.get(k));
      if (rule?.metrics.includes('keeper_alerts_total'))
        expect(rule.expr, `${rule.alert} for ${k}`).toContain(`kind="${k}"`);
    }
  });

  it('are the only alert-rules file under apps/ and ops/ (one source of truth)', () => {
    const rulesFiles = ['apps', 'ops'].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.ya?ml$/.test(f) && !f.includes('node_modules'))
        .map((f) => join(dir, f))
        .filter((f) => /^\s*- alert:/m.test(read(f))),
    );
    expect(rulesFiles).toEqual(['ops/monitoring/alerts.yaml']);
  });

  it('each have a severity, a summary and a runbook heading in docs/operations.md', () => {
    for (const r of rules) {
      expect(['critical', 'warning'], r.alert).toContain(r.labels.severity);
      expect(r.annotations.summary, r.alert).toBeTruthy();
      const url = r.annotations.runbook_url ?? '';
      expect(url, r.alert).toBe(`docs/operations.md#runbook-${r.alert.toLowerCase()}`);
      expect(
        anchors.has(url.split('#')[1] as string),
        `${r.alert}: heading "Runbook: ${r.alert}"`,
      ).toBe(true);
    }
  });
});

describe('the rule checker', () => {
  it('finds the mistakes promtool would refuse', () => {
    expect(checkPromQl('sum(rate(x_total[5m])').problems).toEqual(['unbalanced (']);
    expect(checkPromQl('rate(x_total[5 minutes])').problems).toEqual(['bad range 5 minutes']);
    expect(checkPromQl('rates(x_total[5m])').problems).toEqual(['unknown function rates']);
    expect(checkPromQl('x_total{kind=api}').problems).toEqual(['bad label matcher kind=api']);
    expect(checkPromQl('sum by (sku) (a_total / on (sku) b_total) > 0.8')).toEqual({
      metrics: ['a_total', 'b_total'],
      problems: [],
    });
    const file = `groups:\n  - name: g\n    rules:\n      - alert: A\n        expr: up == 0\n        for: five\n      - alert: A\n        expr: up\n        labels: { severity: 1 }\n`;
    expect(checkRuleFile(file).problems).toEqual([
      'A: for must be a duration like 5m',
      'groups[0].rules[1]: duplicate alert A',
      'A.labels.severity must be a string',
    ]);
  });
});

describe('Grafana dashboard (ops/monitoring/grafana-dashboard.json)', () => {
  const dashboard = JSON.parse(read('ops/monitoring/grafana-dashboard.json')) as {
    uid: string;
    title: string;
    schemaVersion: number;
    panels: {
      id: number;
      title: string;
      gridPos: { x: number; y: number; w: number; h: number };
      targets: { expr: string }[];
    }[];
  };

  it('is a dashboard with unique panel ids and non-overlapping panels', () => {
    expect(dashboard.uid).toBe('basket-vault-ops');
    expect(dashboard.schemaVersion).toBeGreaterThan(30);
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const cells = new Set<string>();
    for (const p of dashboard.panels) {
      for (let x = p.gridPos.x; x < p.gridPos.x + p.gridPos.w; x += 1)
        for (let y = p.gridPos.y; y < p.gridPos.y + p.gridPos.h; y += 1) {
          expect(cells.has(`${x},${y}`), p.title).toBe(false);
          cells.add(`${x},${y}`);
        }
    }
  });

  it('keeps the sku label wherever it aggregates a per-SKU keeper metric', () => {
    // The keeper's metrics declared with an `sku` label (name, help, label list).
    const perSku = [
      ...sources('apps/keeper/src').matchAll(
        /\.(?:counter|gauge|histogram)\(\s*'([a-z0-9_]+)',\s*'[^']*',\s*\[([^\]]*)\]/g,
      ),
    ]
      .filter((m) => /'sku'/.test(m[2] as string))
      .map((m) => `keeper_${m[1]}`);
    expect(perSku).toContain('keeper_alerts_total');
    for (const p of dashboard.panels)
      for (const t of p.targets) {
        const over = checkPromQl(t.expr).metrics.filter((m) => perSku.includes(m));
        const by = [...t.expr.matchAll(/\bby \(([^)]*)\)/g)].map((m) => m[1] as string);
        if (over.length > 0 && by.length > 0)
          for (const labels of by) expect(labels.split(/,\s*/), p.title).toContain('sku');
      }
  });

  it('queries parse and select exported metrics', () => {
    for (const p of dashboard.panels) {
      for (const t of p.targets) {
        const { metrics, problems } = checkPromQl(t.expr);
        expect(problems, p.title).toEqual([]);
        expect(
          metrics.filter((m) => !known.has(m)),
          p.title,
        ).toEqual([]);
      }
    }
  });
});
