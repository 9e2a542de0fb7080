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
  const { body } = request;
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    body?.cancel().catch(() => {});
    return TOO_LARGE;
  }
  if (!body) return { outcome: 'read', bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = await deadline.race(reader.read());
    if (next === TIMED_OUT) {
      reader.cancel().catch(() => {});
      return LATE;
    }
    if (next.done) break;
    size += next.value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => {});
      return TOO_LARGE;
    }
    chunks.push(next.value);
  }
  return { outcome: 'read', bytes: concat(chunks, size) };
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}
