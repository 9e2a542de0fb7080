import { MAX_ERROR_BODY_BYTES, readBoundedText, redactError } from '@admin-api/auth/internal';
import { GraphQLClient } from 'graphql-request';

/** What one HTTP attempt saw on the wire, before anyone decides what it means. */
export interface AttemptObservation {
  /** The request was handed to `fetch`, so it may have reached a server. */
  sent: boolean;
  /** The answer, when one arrived. */
  response: ObservedResponse | undefined;
  /** Why no complete answer was read, if so. */
  failure: ObservedFailure | undefined;
}

/** An HTTP answer as far as it was read. */
export interface ObservedResponse {
  status: number;
  retryAfter: string | undefined;
  location: string | undefined;
  contentType: string | undefined;
  /** The body as text, at most the limit for its status. */
  body: string;
  /** The body was longer than the limit; the rest was never read. */
  truncated: boolean;
  /** The body parsed as JSON, when it was served as JSON and parsed. */
  json: { value: unknown } | undefined;
}

/** Why an attempt ended without a complete answer. */
export interface ObservedFailure {
  kind: 'timeout' | 'aborted' | 'transport';
  /** A system error code from the cause chain (`ECONNREFUSED`, `ECONNRESET`, …). */
  code: string | undefined;
  /** The transport's error, redacted; for `aborted`, the signal's reason. */
  cause: unknown;
}

/** What {@link observeAttempt} needs. */
export interface AttemptInput {
  endpoint: string;
  /** The document, for graphql-request; what is sent is `body`. */
  query: string;
  /** The serialised request body: query, variables and operation name. */
  body: string;
  accessToken: string;
  fetch: typeof fetch;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  /** Most bytes of a 2xx body to read. */
  maxResponseBytes: number;
  /** Strings never to keep in a recorded error. */
  secrets: readonly string[];
}

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * Sends one attempt through graphql-request and records what happened: whether it was sent, the
 * status, the headers that matter, a bounded body and its JSON, or why there was no answer.
 * Decides nothing (see `classifyAttempt`) and never throws.
 */
export async function observeAttempt(input: AttemptInput): Promise<AttemptObservation> {
  const observation: AttemptObservation = { sent: false, response: undefined, failure: undefined };
  let bodyRead = false;
  const observingFetch: typeof fetch = async (url, init) => {
    observation.sent = true;
    // A followed redirect would carry the request, and its token, to another origin; and 301/302
    // would turn a mutation into a GET there.
    const response = await input.fetch(url, { ...init, redirect: 'manual' });
    const { status, headers } = response;
    const seen: ObservedResponse = {
      status,
      retryAfter: headers.get('retry-after') ?? undefined,
      location: headers.get('location') ?? undefined,
      contentType: headers.get('content-type') ?? undefined,
      body: '',
      truncated: false,
      json: undefined,
    };
    observation.response = seen;
    const limit = status >= 200 && status <= 299 ? input.maxResponseBytes : MAX_ERROR_BODY_BYTES;
    // graphql-request reads the body with text(): read it here, within the limit, instead.
    response.text = async () => {
      const { text, truncated } = await readBoundedText(response, limit);
      seen.body = text;
      seen.truncated = truncated;
      bodyRead = true;
      return text;
    };
    return response;
  };
  const jsonSerializer = {
    stringify: () => input.body,
    parse: (text: string): unknown => {
      const seen = observation.response;
      if (seen?.truncated) throw new Error('truncated body');
      const value: unknown = JSON.parse(text);
      if (seen) seen.json = { value };
      return value;
    },
  };
  // A plain controller and timer: per-request AbortSignal.timeout() is costly on Node 20.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), input.timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout.signal]) : timeout.signal;
  // excludeOperationName: the body is ours, already serialised; graphql-request would parse the
  // document again on every call only to find the name.
  const client = new GraphQLClient(input.endpoint, {
    fetch: observingFetch,
    errorPolicy: 'all',
    excludeOperationName: true,
    jsonSerializer,
  });
  try {
    await client.rawRequest({
      query: input.query,
      requestHeaders: { authorization: `Bearer ${input.accessToken}` },
      signal,
    });
  } catch (error) {
    // graphql-request also throws for answers it does not like (a non-2xx, unparsable JSON);
    // those were recorded whole and are not failures of the transport.
    if (!bodyRead) {
      if (input.signal?.aborted) {
        observation.failure = { kind: 'aborted', code: undefined, cause: input.signal.reason };
      } else if (timeout.signal.aborted) {
        observation.failure = { kind: 'timeout', code: undefined, cause: undefined };
      } else {
        const cause = error instanceof Error ? redactError(error, input.secrets) : error;
        observation.failure = { kind: 'transport', code: errorCode(error), cause };
      }
    }
  } finally {
    clearTimeout(timer);
  }
  return observation;
}
