/**
 * A checker of Prometheus alerting-rule files, for machines without `promtool` (Debian's
 * prometheus package is not installed by setup): the rule-file structure Prometheus loads,
 * durations, annotation templates, and each PromQL expression tokenized enough to find
 * unbalanced brackets, bad label matchers or range selectors, unknown functions, and every
 * metric name (which the caller checks against what the services export).
 */
import { parse } from 'yaml';

const DURATION = /^([0-9]+(ms|s|m|h|d|w|y))+$/;
const FUNCTIONS = new Set([
  'abs',
  'absent',
  'absent_over_time',
  'avg_over_time',
  'ceil',
  'changes',
  'clamp',
  'clamp_max',
  'clamp_min',
  'count_over_time',
  'delta',
  'deriv',
  'exp',
  'floor',
  'histogram_quantile',
  'holt_winters',
  'idelta',
  'increase',
  'irate',
  'label_replace',
  'last_over_time',
  'ln',
  'max_over_time',
  'min_over_time',
  'predict_linear',
  'quantile_over_time',
  'rate',
  'resets',
  'round',
  'scalar',
  'sort',
  'sqrt',
  'sum_over_time',
  'time',
  'timestamp',
  'vector',
  // aggregations
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'stddev',
  'stdvar',
  'topk',
  'bottomk',
  'quantile',
  'group',
]);
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
]);
const GROUPING = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);

export type CheckedRule = Readonly<{
  group: string;
  alert: string;
  expr: string;
  metrics: string[];
  labels: Record<string, string>;
  annotations: Record<string, string>;
}>;

/**
 * Parses and checks a rule file; returns the rules and a list of problems (empty when valid).
 *
 * @example
 * const { rules, problems } = checkRuleFile(readFileSync('ops/monitoring/alerts.yaml', 'utf8'));
 */
export function checkRuleFile(text: string): { rules: CheckedRule[]; problems: string[] } {
  const problems: string[] = [];
  const rules: CheckedRule[] = [];
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (error) {
    return { rules, problems: [`not YAML: ${(error as Error).message}`] };
  }
  const groups = (doc as { groups?: unknown })?.groups;
  if (!Array.isArray(groups) || groups.length === 0)
    return { rules, problems: ['`groups` must be a non-empty list'] };
  const groupNames = new Set<string>();
  const alertNames = new Set<string>();
  for (const [gi, g] of groups.entries()) {
    const name = (g as { name?: unknown }).name;
    const where = `groups[${gi}]`;
    if (typeof name !== 'string' || !name) problems.push(`${where}: a group needs a name`);
    else if (groupNames.has(name)) problems.push(`${where}: duplicate group name ${name}`);
    else groupNames.add(name);
    const list = (g as { rules?: unknown }).rules;
    if (!Array.isArray(list) || list.length === 0) {
      problems.push(`${where}: \`rules\` must be a non-empty list`);
      continue;
    }
    for (const [ri, r] of list.entries()) {
      const at = `${where}.rules[${ri}]`;
      const rule = r as Record<string, unknown>;
      for (const key of Object.keys(rule)) {
        if (!['alert', 'expr', 'for', 'keep_firing_for', 'labels', 'annotations'].includes(key))
          problems.push(`${at}: unknown field ${key}`);
      }
      const alert = rule.alert;
      if (typeof alert !== 'string' || !/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(alert)) {
        problems.push(`${at}: alert must be a metric-style name`);
        continue;
      }
      if (alertNames.has(alert)) problems.push(`${at}: duplicate alert ${alert}`);
      alertNames.add(alert);
      if (rule.for !== undefined && (typeof rule.for !== 'string' || !DURATION.test(rule.for)))
        problems.push(`${alert}: for must be a duration like 5m`);
      const labels = stringMap(rule.labels, `${alert}.labels`, problems);
      const annotations = stringMap(rule.annotations, `${alert}.annotations`, problems);
      for (const [k, v] of Object.entries(annotations)) {
        if (!balancedTemplates(v)) problems.push(`${alert}.annotations.${k}: unbalanced {{ }}`);
      }
      if (typeof rule.expr !== 'string' || !rule.expr.trim()) {
        problems.push(`${alert}: expr must be a non-empty PromQL expression`);
        continue;
      }
      const { metrics, problems: exprProblems } = checkPromQl(rule.expr);
      problems.push(...exprProblems.map((p) => `${alert}: ${p}`));
      rules.push({ group: String(name), alert, expr: rule.expr, metrics, labels, annotations });
    }
  }
  return { rules, problems };
}

/**
 * Tokenizes a PromQL expression: brackets balanced, label matchers and range durations well
 * formed, functions known; returns the metric names it selects.
 *
 * @example
 * checkPromQl('sum(rate(indexer_webhook_deliveries_total[5m]))').metrics; // ['indexer_webhook_deliveries_total']
 */
export function checkPromQl(expr: string): { metrics: string[]; problems: string[] } {
  const problems: string[] = [];
  const metrics = new Set<string>();
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  let i = 0;
  let previousWord = '';
  let groupingDepth = -1;
  while (i < expr.length) {
    const c = expr[i] as string;
    if (c === '"' || c === "'") {
      const end = expr.indexOf(c, i + 1);
      if (end < 0) return { metrics: [...metrics], problems: [...problems, 'unterminated string'] };
      i = end + 1;
      continue;
    }
    if (c === '{') {
      const end = expr.indexOf('}', i);
      if (end < 0) return { metrics: [...metrics], problems: [...problems, 'unbalanced {'] };
      for (const m of splitMatchers(expr.slice(i + 1, end))) {
        if (!/^[a-zA-Z_][a-zA-Z0-9_]*\s*(=~|!~|!=|=)\s*"[^"]*"$/.test(m))
          problems.push(`bad label matcher ${m}`);
      }
      i = end + 1;
      continue;
    }
    if (c === '[') {
      const end = expr.indexOf(']', i);
      if (end < 0) return { metrics: [...metrics], problems: [...problems, 'unbalanced ['] };
      const range = expr.slice(i + 1, end).trim();
      const [window, step] = range.split(':');
      if (
        !DURATION.test(window ?? '') ||
        (step !== undefined && step !== '' && !DURATION.test(step))
      )
        problems.push(`bad range ${range}`);
      i = end + 1;
      continue;
    }
    if (c === '(') {
      stack.push('(');
      if (GROUPING.has(previousWord)) groupingDepth = stack.length;
      i += 1;
      continue;
    }
    if (c === ')' || c === ']' || c === '}') {
      if (stack.pop() !== pairs[c]) problems.push(`unbalanced ${c}`);
      if (groupingDepth > stack.length) groupingDepth = -1;
      i += 1;
      continue;
    }
    const word = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(expr.slice(i))?.[0];
    if (word) {
      const next = expr.slice(i + word.length).trimStart()[0];
      if (groupingDepth > 0) {
        // a label name inside by (...) / on (...)
      } else if (FUNCTIONS.has(word)) {
        // a function or an aggregation (`sum by (x) (...)` has its grouping before the call)
      } else if (next === '(' && !GROUPING.has(word)) {
        problems.push(`unknown function ${word}`);
      } else if (!KEYWORDS.has(word)) {
        metrics.add(word);
      }
      previousWord = word;
      i += word.length;
      continue;
    }
    if (/[0-9.]/.test(c)) {
      const number = /^[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?/.exec(expr.slice(i))?.[0] ?? c;
      i += number.length;
      previousWord = '';
      continue;
    }
    if (!/[\s+\-*/%^<>=!,]/.test(c)) problems.push(`unexpected character ${c}`);
    if (!/\s/.test(c)) previousWord = '';
    i += 1;
  }
  if (stack.length > 0) problems.push('unbalanced (');
  return { metrics: [...metrics], problems };
}

function splitMatchers(body: string): string[] {
  return (body.match(/[^,"]+("[^"]*")?/g) ?? []).map((m) => m.trim()).filter(Boolean);
}

function balancedTemplates(text: string): boolean {
  return (text.match(/\{\{/g) ?? []).length === (text.match(/\}\}/g) ?? []).length;
}

function stringMap(value: unknown, where: string, problems: string[]): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`${where} must be a map`);
    return {};
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') problems.push(`${where}.${k} must be a string`);
    else out[k] = v;
  }
  return out;
}

/**
 * The metric names a service's source declares through service-kit (`metrics.counter('x')`),
 * with the service's prefix: what the rules may select.
 *
 * @example
 * declaredMetricNames('indexer', sourceText); // ['indexer_webhook_deliveries_total', ...]
 */
export function declaredMetricNames(service: string, source: string): string[] {
  const names = [...source.matchAll(/\.(?:counter|gauge|histogram)\(\s*'([a-z0-9_]+)'/g)].map(
    (m) => `${service}_${m[1]}`,
  );
  // A histogram is selected through its series.
  const series = names.flatMap((n) => [n, `${n}_bucket`, `${n}_sum`, `${n}_count`]);
  return [...new Set(series)];
}
