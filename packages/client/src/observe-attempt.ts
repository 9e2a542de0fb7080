import {
  MAX_ERROR_BODY_BYTES,
  onAbort,
  readBoundedText,
  redactError,
} from '@admin-api/auth/internal';

/**
 * What one HTTP attempt saw on the wire, before anyone decides what it means: a complete answer,
 * or why there was none (with the answer as far as it was read). The request was handed to
 * `fetch` either way, so it may have reached a server.
 */
export type AttemptObservation =
  | { response: ObservedResponse; failure: undefined }
  | {
      /** The answer as far as it was read, when its status arrived. */
      response: ObservedResponse | undefined;
      failure: ObservedFailure;
    };

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
  /** The serialised request body: query, variables and operation name. */
  body: string;
  accessToken: string;
  fetch: typeof fetch;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  /** Most bytes of a 2xx body to read. */
  maxResponseBytes: number;
  /** Strings besides `accessToken` never to keep in a recorded error. */
  secrets: readonly string[];
}

/** What GraphQL over HTTP answers with; either is parsed as JSON. */
const ACCEPT = 'application/graphql-response+json, application/json';

function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.toLowerCase();
  return type.includes('application/json') || type.includes('application/graphql-response+json');
}

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * Sends one attempt with `fetch` and records what happened: the status, the headers that
 * matter, a bounded body and its JSON, or why there was no answer. Decides nothing (see
 * `classifyAttempt`) and never throws.
 */
export async function observeAttempt(input: AttemptInput): Promise<AttemptObservation> {
  let seen: ObservedResponse | undefined;
  // One controller for the timeout and the caller's abort; a plain timer, because a
  // per-request AbortSignal.timeout() is costly on Node 20.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, input.timeoutMs);
  // One listener per caller signal, however many calls share it; `AbortSignal.any` on Node 20
  // would also retain every combined signal as long as the caller's lives.
  const callerSignal = input.signal;
  const unlink = callerSignal
    ? onAbort(callerSignal, () => controller.abort(callerSignal.reason))
    : undefined;
  const { signal } = controller;
  try {
    // Called as a plain function: Workers' fetch throws "Illegal invocation" as a method of `input`.
    const { fetch: send } = input;
    const response = await send(input.endpoint, {
      method: 'POST',
      headers: {
        accept: ACCEPT,
        'content-type': 'application/json',
        authorization: `Bearer ${input.accessToken}`,
      },
      body: input.body,
      signal,
      // A followed redirect would carry the request, and its token, to another origin; and
      // 301/302 would turn a mutation into a GET there.
      redirect: 'manual',
    });
    const { status, headers } = response;
    seen = {
      status,
      retryAfter: headers.get('retry-after') ?? undefined,
      location: headers.get('location') ?? undefined,
      contentType: headers.get('content-type') ?? undefined,
      body: '',
      truncated: false,
      json: undefined,
    };
    const limit = status >= 200 && status <= 299 ? input.maxResponseBytes : MAX_ERROR_BODY_BYTES;
    const { text, truncated } = await readBoundedText(response, limit);
    seen.body = text;
    seen.truncated = truncated;
    if (!truncated && isJson(seen.contentType)) {
      try {
        seen.json = { value: JSON.parse(text) as unknown };
      } catch {
        // Not JSON after all: classifyAttempt says so, with an excerpt of the body.
      }
    }
    return { response: seen, failure: undefined };
  } catch (error) {
    let failure: ObservedFailure;
    if (input.signal?.aborted) {
      failure = { kind: 'aborted', code: undefined, cause: input.signal.reason };
    } else if (timedOut) {
      failure = { kind: 'timeout', code: undefined, cause: undefined };
    } else {
      const cause =
        error instanceof Error ? redactError(error, [...input.secrets, input.accessToken]) : error;
      failure = { kind: 'transport', code: errorCode(error), cause };
    }
    return { response: seen, failure };
  } finally {
    clearTimeout(timer);
    unlink?.();
  }
}
