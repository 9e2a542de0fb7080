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
  const body = request.body;
  if (!body) return { tooLarge: false, bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return { tooLarge: true };
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { tooLarge: false, bytes };
}
