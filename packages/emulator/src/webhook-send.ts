import type { AttemptResult } from './webhook-policy.js';

/** The most of an answer's body read: the status decides, the body only has to be drained. */
const MAX_ANSWER_BYTES = 4_096;

/**
 * One try of a delivery: a JSON POST of `body` to `endpoint`, redirects not followed, answered
 * by its status once at most {@link MAX_ANSWER_BYTES} of the answer are read (the rest is
 * cancelled), or by the network error. Never throws; `signal` aborts it (the emulator closes).
 */
export async function sendWebhook(
  endpoint: string,
  body: string,
  options: { readonly timeoutMs: number; readonly signal: AbortSignal },
): Promise<AttemptResult> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout.signal]);
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'admin-api-emulator' },
      body,
      redirect: 'manual',
      signal,
    });
    // The status is the answer; a body that breaks off or stalls past the timeout changes nothing.
    await drain(response).catch(() => {});
    return { status: response.status };
  } catch (error) {
    if (timeout.signal.aborted) return { error: `timeout after ${options.timeoutMs} ms` };
    return { error: networkError(error) };
  } finally {
    clearTimeout(timer);
  }
}

async function drain(response: Response): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return;
  try {
    let read = 0;
    while (read < MAX_ANSWER_BYTES) {
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** The short name of a failed fetch: undici's cause code (`ECONNREFUSED`), else its message. */
function networkError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
