import { readBoundedBytes } from '@admin-api/auth/internal';
import { type Deadline, TIMED_OUT } from './webhook-deadline.js';

/** What {@link readRequestBody} read: the whole body, or why it stopped. */
export type RequestBody =
  | { readonly outcome: 'read'; readonly bytes: Uint8Array }
  /** Over the cap, declared or streamed: the rest was not read. */
  | { readonly outcome: 'too_large' }
  /** The delivery's deadline passed before the body ended: the rest was not read. */
  | { readonly outcome: 'late' };

const TOO_LARGE: RequestBody = { outcome: 'too_large' };
const LATE: RequestBody = { outcome: 'late' };

/**
 * Reads a request's body up to `maxBytes` and until `deadline`, then stops: a declared
 * `Content-Length` over the cap is refused before a byte is read, and a body that grows past
 * it, or is still arriving at the deadline, is cancelled. So a sender can make the process
 * buffer no more than the cap, nor hold its answer past the deadline.
 */
export async function readRequestBody(
  request: Request,
  maxBytes: number,
  deadline: Deadline,
): Promise<RequestBody> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    request.body?.cancel().catch(() => {});
    return TOO_LARGE;
  }
  const read = await readBoundedBytes(request.body, maxBytes, async (next) => {
    const outcome = await deadline.race(next);
    return outcome === TIMED_OUT ? undefined : outcome;
  });
  if (read.stopped) return LATE;
  return read.truncated ? TOO_LARGE : { outcome: 'read', bytes: read.bytes };
}
