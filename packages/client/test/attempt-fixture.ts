import type { AttemptContext } from '../src/classify-attempt.js';
import type { AttemptObservation, ObservedResponse } from '../src/observe-attempt.js';

/** A token the classifier must keep out of every error. */
export const TOKEN = 'tok_0123456789abcdef';
/** When the answers arrive. */
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

/** The first attempt of a query named `Op`, with {@link TOKEN} to redact. */
export const QUERY_CONTEXT: AttemptContext = {
  operationName: 'Op',
  isMutation: false,
  soleRootKey: undefined,
  attempt: 1,
  endpoint: 'https://api.example.com/api/v2/admin/graphql',
  timeoutMs: 1_000,
  maxResponseBytes: 1_000_000,
  secrets: [TOKEN],
  now: NOW,
  appliedEarlier: false,
};

/**
 * A complete answer with `status` whose body parses to `value` (JSON), or is `value` when it is a
 * string (not JSON). `extra.body` stands for the text instead, without serialising `value`.
 */
export function answer(
  status: number,
  value: unknown,
  extra: Partial<ObservedResponse> = {},
): AttemptObservation {
  const json: ObservedResponse['json'] = typeof value === 'string' ? undefined : { value };
  return {
    failure: undefined,
    response: {
      status,
      retryAfter: undefined,
      location: undefined,
      contentType: json ? 'application/json' : 'text/html',
      body: extra.body ?? (typeof value === 'string' ? value : JSON.stringify(value)),
      truncated: false,
      json,
      ...extra,
    },
  };
}
