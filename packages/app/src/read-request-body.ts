import { readBoundedBytes } from '@admin-api/auth/internal';

/** What {@link readRequestBody} read: the whole body, or the news that it is over the cap. */
export type RequestBody =
  | { readonly tooLarge: false; readonly bytes: Uint8Array }
  | { readonly tooLarge: true };

/**
 * Reads a request's body up to `maxBytes`, then stops: a declared `Content-Length` over the cap
 * is refused before a byte is read, and a body that grows past it is cancelled, so a sender
 * cannot make the process buffer more than the cap.
 */
export async function readRequestBody(request: Request, maxBytes: number): Promise<RequestBody> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return { tooLarge: true };
  }
  const { bytes, truncated } = await readBoundedBytes(request.body, maxBytes);
  return truncated ? { tooLarge: true } : { tooLarge: false, bytes };
}
