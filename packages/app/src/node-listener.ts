import type { IncomingMessage, ServerResponse } from 'node:http';

/** A web-standard handler, such as the one `createWebhookHandler` makes. */
export type WebRequestHandler = (request: Request) => Promise<Response>;

/** A listener for `http.createServer`, Express, Fastify's raw routes, and other Node servers. */
export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Serves a web-standard handler from Node's `http` module. The request's body streams into the
 * handler, which bounds what it reads; a body a framework already parsed (`express.json()`,
 * `express.raw()`, `express.text()`) is handed over as it was parsed. The answer is written with
 * its status, headers and body; a handler that throws is answered 500. An answer given before
 * the body was read to its end (a 413, a 503 at the deadline) says `connection: close`, and Node
 * closes the connection once it is written: the unread rest would otherwise be parsed as the
 * client's next request on that keep-alive connection.
 *
 * @example
 * import { createServer } from 'node:http';
 * const handleWebhook = createWebhookHandler({ clientSecret: 'from-a-secret-manager', onEvent: async () => {} });
 * createServer(toNodeListener(handleWebhook)).listen(3000);
 */
export function toNodeListener(handler: WebRequestHandler): NodeListener {
  return (request, response) => {
    void serve(handler, request, response);
  };
}

async function serve(
  handler: WebRequestHandler,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Promise<void> {
  let answer: Response;
  try {
    answer = await handler(toRequest(incoming));
  } catch {
    answer = new Response(null, { status: 500 });
  }
  try {
    const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined;
    outgoing.statusCode = answer.status;
    answer.headers.forEach((value, name) => {
      outgoing.setHeader(name, value);
    });
    // Answered before its body ended: the unread rest would be taken for the next request on
    // this connection. Node closes it once this answer is flushed, so the client still reads it.
    if (!incoming.complete) outgoing.setHeader('connection', 'close');
    outgoing.end(body);
  } catch {
    // The answer's body broke while it was read: the status may be out already, so end the
    // connection rather than the process.
    if (outgoing.headersSent) outgoing.destroy();
    else outgoing.writeHead(500).end();
  }
}

function toRequest(incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // Only the path is used: the Host header is the sender's to choose.
  const url = new URL(incoming.url ?? '/', 'http://localhost');
  const method = incoming.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });
  const parsed = parsedBody(incoming);
  if (parsed !== undefined) {
    headers.delete('content-length');
    return new Request(url, { method, headers, body: parsed });
  }
  return new Request(url, {
    method,
    headers,
    body: bodyStream(incoming),
    duplex: 'half',
  } as RequestInit);
}

/**
 * The request's body as a web stream, read as the handler pulls it. Cancelling it (a body over
 * the cap, a deadline passed) discards what arrives from then on and leaves the socket open for
 * the answer; `Readable.toWeb` would destroy the request, and with it the socket the answer is
 * to go on.
 */
function bodyStream(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      incoming.pause();
      incoming.on('data', (chunk: Buffer) => {
        if (cancelled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
      });
      incoming.on('end', () => {
        if (!cancelled) controller.close();
      });
      incoming.on('error', (error) => {
        if (!cancelled) controller.error(error);
      });
      // A client that went away mid-body: the read fails instead of waiting for ever.
      incoming.on('close', () => {
        if (!cancelled && !incoming.complete)
          controller.error(new Error('The request was aborted'));
      });
    },
    pull() {
      incoming.resume();
    },
    cancel() {
      cancelled = true;
      incoming.resume();
    },
  });
}

/**
 * The body a framework's parser left on the request, as bytes or text; undefined when the body
 * is still to be read. A body read by middleware that kept nothing, or kept what JSON cannot
 * hold, is handed over empty, so the handler refuses and reports it instead of failing unseen.
 */
function parsedBody(incoming: IncomingMessage): Uint8Array<ArrayBuffer> | string | undefined {
  if (!incoming.readableEnded) return undefined;
  const body: unknown = 'body' in incoming ? incoming.body : undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return new Uint8Array(body);
  // A parsed JSON object keeps `data` and `signature` as the strings they were: the signature
  // covers `data` alone, so serialising the object again verifies the same.
  if (typeof body === 'object' && body !== null) {
    try {
      return JSON.stringify(body);
    } catch {
      return '';
    }
  }
  return '';
}
