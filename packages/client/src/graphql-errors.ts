import { describeJson, isRecord, redactDeep } from '@admin-api/auth/internal';
import type { GraphQLFormattedError } from 'graphql/error/GraphQLError.js';

/**
 * Most `errors` entries kept; the rest are counted. A GraphQL server reports one entry per
 * failed field, so a page of 200 items failing alike repeats one message 200 times: 100 show
 * every kind of failure there is, while a body of millions of entries costs no more than 100.
 */
export const MAX_KEPT_ERRORS = 100;
/**
 * Longest body, in UTF-16 code units (a JavaScript string's `length`), whose `errors` entries are
 * kept whole and whose partial `data` is kept. Keeping them means a redacted copy, and what a copy
 * costs grows with the parsed value, which the characters parsed measure (a byte count would weigh
 * non-ASCII text up to 3 times as much without costing more to copy). 1,048,576 characters: a
 * page's answer is far below it.
 */
export const MAX_WHOLE_ANSWER_CHARS = 1024 * 1024;
/** Longest rendering of a malformed `errors` field or message that goes into an error. */
const MAX_DESCRIBED = 300;

/** What an entry of `errors` without a `message` is shown as. */
export const NO_MESSAGE = 'the server sent an error with no message';

/** The server's `errors` as kept: at most {@link MAX_KEPT_ERRORS}, and how many more it sent. */
export interface KeptErrors {
  errors: GraphQLFormattedError[];
  omitted: number;
}

/** How {@link keepGraphQLErrors} keeps the entries. */
export interface KeepGraphQLErrorsOptions {
  /** Strings never to show in an error: the token, and the secret when the client holds it. */
  secrets: readonly string[];
  /**
   * Keep only `message`, `path`, `locations` and `extensions.code` of each entry: for an answer
   * over {@link MAX_WHOLE_ANSWER_CHARS}, where one entry's `extensions` can be megabytes.
   */
  trim: boolean;
}

function isPath(value: unknown): value is (string | number)[] {
  return (
    Array.isArray(value) && value.every((key) => typeof key === 'string' || typeof key === 'number')
  );
}

function isLocations(value: unknown): value is { line: number; column: number }[] {
  return (
    Array.isArray(value) &&
    value.every(
      (location) =>
        isRecord(location) &&
        typeof location.line === 'number' &&
        typeof location.column === 'number',
    )
  );
}

/**
 * The fields of an entry kept when trimming, each only when it has the shape the GraphQL spec
 * gives it: nothing else of the entry is read, so what else it holds costs nothing.
 */
function trimmedFields(entry: Record<string, unknown>): Record<string, unknown> {
  const { path, locations, extensions } = entry;
  const code = isRecord(extensions) ? extensions.code : undefined;
  return {
    ...(isLocations(locations)
      ? { locations: locations.map(({ line, column }) => ({ line, column })) }
      : {}),
    ...(isPath(path) ? { path } : {}),
    ...(typeof code === 'string' ? { extensions: { code } } : {}),
  };
}

function messageOf(entry: Record<string, unknown>): string {
  const { message } = entry;
  if (typeof message === 'string') return message;
  return message === undefined || message === null
    ? NO_MESSAGE
    : describeJson(message, MAX_DESCRIBED);
}

/**
 * The server's `errors`, made well-formed and redacted whatever was sent: the first
 * {@link MAX_KEPT_ERRORS} entries become objects with a string `message` (whole, or only the
 * fields {@link KeepGraphQLErrorsOptions.trim} keeps), and anything that is not a list becomes one
 * entry saying so. Values are rendered with a bounded, depth-limited describer: the body may nest
 * 100,000 levels deep.
 */
export function keepGraphQLErrors(value: unknown, options: KeepGraphQLErrorsOptions): KeptErrors {
  const entries: unknown[] = Array.isArray(value)
    ? value.slice(0, MAX_KEPT_ERRORS)
    : [{ message: `unreadable "errors" field: ${describeJson(value, MAX_DESCRIBED)}` }];
  const shaped = entries.map((entry) => {
    const object = isRecord(entry)
      ? entry
      : { message: typeof entry === 'string' ? entry : describeJson(entry, MAX_DESCRIBED) };
    return options.trim
      ? { message: messageOf(object), ...trimmedFields(object) }
      : { ...object, message: messageOf(object) };
  });
  return {
    errors: redactDeep(shaped, options.secrets) as GraphQLFormattedError[],
    omitted: Array.isArray(value) ? value.length - entries.length : 0,
  };
}
