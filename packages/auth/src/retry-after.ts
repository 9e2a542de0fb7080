import { MAX_TIMER_MS } from './option-checks.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_NAME = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY_NAME = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = `(?<month>${MONTHS.join('|')})`;
const TIME = '(?<hour>\\d{2}):(?<minute>\\d{2}):(?<second>\\d{2})';

/**
 * The three forms of an RFC 9110 §5.6.7 HTTP-date, which is case-sensitive: IMF-fixdate
 * (`Sun, 06 Nov 1994 08:49:37 GMT`), and the obsolete RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`)
 * and asctime (`Sun Nov  6 08:49:37 1994`) forms.
 */
const HTTP_DATES = [
  new RegExp(`^${DAY_NAME}, (?<day>\\d{2}) ${MONTH} (?<year>\\d{4}) ${TIME} GMT$`),
  new RegExp(`^${LONG_DAY_NAME}, (?<day>\\d{2})-${MONTH}-(?<year>\\d{2}) ${TIME} GMT$`),
  new RegExp(`^${DAY_NAME} ${MONTH} (?<day>[ \\d]\\d) ${TIME} (?<year>\\d{4})$`),
];

/**
 * A year as written: a two-digit RFC 850 year is the most recent year with those digits that is
 * not more than 50 years in the future (RFC 9110 §5.6.7).
 */
function fullYear(written: string, now: number): number {
  if (written.length === 4) return Number(written);
  const current = new Date(now).getUTCFullYear();
  const year = current - (current % 100) + Number(written);
  return year > current + 50 ? year - 100 : year;
}

/** Epoch ms of an HTTP-date, or undefined when `value` is not one (or names no real moment). */
function parseHttpDate(value: string, now: number): number | undefined {
  const fields = HTTP_DATES.map((form) => form.exec(value)?.groups).find(Boolean);
  if (!fields) return undefined;
  const parts = [
    fullYear(fields.year ?? '', now),
    MONTHS.indexOf(fields.month ?? ''),
    Number(fields.day),
    Number(fields.hour),
    Number(fields.minute),
    Number(fields.second),
  ] as const;
  const date = new Date(Date.UTC(...parts));
  // Date.UTC rolls 31 Feb over into March and 25:00 into the next day: such a value is no date.
  const read = [
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  ];
  return read.every((part, i) => part === parts[i]) ? date.getTime() : undefined;
}

/**
 * The longest wait a `Retry-After` is read as, the timer maximum: a larger delay saturates here,
 * and the caller's own bound then decides, instead of a wait that overflows the timer.
 */
export const MAX_RETRY_AFTER_MS = MAX_TIMER_MS;

/**
 * Parses a `Retry-After` header into milliseconds: delta-seconds (`"7"`, digits only, as RFC
 * 9110 §10.2.3 has it) or an RFC 9110 HTTP-date. Anything else is unreadable, including a
 * fraction (`"1.5"`) and what a lenient date parser would take for a date (`"soon 12"`). Returns
 * `undefined` for an absent or unreadable value; never a negative number, never more than
 * {@link MAX_RETRY_AFTER_MS}.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(MAX_RETRY_AFTER_MS, Number(trimmed) * 1000);
  const date = parseHttpDate(trimmed, now);
  return date === undefined ? undefined : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, date - now));
}
