import type { ErrorBlockRule } from './error-block-rules.js';

/**
 * Rules written as text, `<rate>:<window>:<min requests>:<block>`, e.g. `>25%:1h:301:1h` (more
 * than 25% errors among at least 301 requests in an hour blocks for an hour) or
 * `>=60%:5d:9001:permanent`: how the CLI takes them (`--block-rules`) and how a block names its
 * rule. Durations are a whole number of `ms`, `s`, `m`, `h` or `d`.
 */
const UNITS = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1_000],
  ['ms', 1],
] as const;

/** `3600000` as `1h`, `90000` as `90s`: the largest unit that divides it. */
export function formatDuration(ms: number): string {
  const [unit, size] = UNITS.find(([, size]) => ms % size === 0 && ms >= size) ?? ['ms', 1];
  return `${ms / size}${unit}`;
}

function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,15})(ms|s|m|h|d)$/.exec(text);
  const size = UNITS.find(([unit]) => unit === match?.[2])?.[1];
  const ms = Number(match?.[1]) * (size ?? Number.NaN);
  return Number.isSafeInteger(ms) && ms > 0 ? ms : undefined;
}

/** A rule as text, e.g. `>25%:1h:301:1h`. */
export function formatBlockRule(rule: ErrorBlockRule): string {
  const [sign, rate] =
    'above' in rule.errorRate ? ['>', rule.errorRate.above] : ['>=', rule.errorRate.atLeast];
  const percent = Number((rate * 100).toPrecision(12));
  const block = rule.blockMs === 'permanent' ? 'permanent' : formatDuration(rule.blockMs);
  return `${sign}${percent}%:${formatDuration(rule.windowMs)}:${rule.minRequests}:${block}`;
}

/** The rule `text` writes, or a message saying what is wrong with it. */
export function parseBlockRule(text: string): ErrorBlockRule | string {
  const match = /^(>=|>)(\d{1,3}(?:\.\d{1,6})?)%:([^:]+):(\d{1,15}):([^:]+)$/.exec(text.trim());
  if (!match) {
    return `"${text.slice(0, 60)}" is not <rate>:<window>:<min requests>:<block>, e.g. >25%:1h:301:1h`;
  }
  const [, sign, percent, window, minRequests, block] = match as unknown as string[];
  const rate = Number(percent) / 100;
  const errorRate = sign === '>' ? { above: rate } : { atLeast: rate };
  if (sign === '>' ? rate >= 1 : rate <= 0 || rate > 1) {
    return `"${text}": the rate must be ${sign === '>' ? 'from 0% to below 100%' : 'above 0% and at most 100%'}`;
  }
  const windowMs = parseDuration(window ?? '');
  const blockMs = block === 'permanent' ? block : parseDuration(block ?? '');
  if (windowMs === undefined || blockMs === undefined) {
    return `"${text}": durations are a positive whole number of ms, s, m, h or d (or a permanent block)`;
  }
  const min = Number(minRequests);
  if (!Number.isSafeInteger(min) || min < 1) return `"${text}": min requests must be 1 or more`;
  return { errorRate, windowMs, minRequests: min, blockMs };
}

/** Rules separated by commas, or a message saying what is wrong with the first bad one. */
export function parseBlockRules(text: string): ErrorBlockRule[] | string {
  const rules: ErrorBlockRule[] = [];
  for (const part of text.split(',')) {
    const rule = parseBlockRule(part);
    if (typeof rule === 'string') return rule;
    rules.push(rule);
  }
  return rules;
}
