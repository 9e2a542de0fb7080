import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { AbortedError, AuthError, HttpError } from '../src/index.js';
import { rejection } from './client-fixture.js';
import { productInput, SaveProduct } from './documents.js';
import {
  type LoopbackServer,
  loopbackClient,
  readRequestBody,
  startServer,
} from './loopback-server.js';
import { createVirtualTime } from './virtual-time.js';

type Answer = (res: ServerResponse, req: IncomingMessage) => void;
const status =
  (code: number): Answer =>
  (res) => {
    res.writeHead(code, { 'content-type': 'text/plain' });
    res.end('no');
  };
const reset: Answer = (_, req) => req.socket.destroy();

let server: LoopbackServer | undefined;
afterEach(() => server?.close());

/** A server that gives the n-th request the n-th answer (the last one from then on). */
async function answering(...answers: Answer[]): Promise<LoopbackServer> {
  let n = 0;
  server = await startServer(async (req, res) => {
    const answer = answers[Math.min(n++, answers.length - 1)] as Answer;
    await readRequestBody(req);
    answer(res, req);
  });
  return server;
}

const idempotent = { idempotent: true };

describe('an idempotent mutation that may have been applied says so however the call ends', () => {
  it('a 503, then a 400: the 400 says the mutation may have been applied, after 2 attempts', async () => {
    const time = createVirtualTime();
    const client = loopbackClient(await answering(status(503), status(400)), time);
    const error = await rejection(client.request(SaveProduct, productInput('A'), idempotent));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, attempts: 2, mayHaveBeenApplied: true });
  });

  it('a 503, then an abort during the backoff: the AbortedError says so, with the attempt count', async () => {
    const controller = new AbortController();
    const client = loopbackClient(await answering(status(503)), {
      // The backoff never ends by itself: only the abort ends it.
      setTimer: () => () => {},
      onEvent: (event) => {
        if (event.type === 'graphql_retry') setImmediate(() => controller.abort());
      },
    });
    const error = await rejection(
      client.request(SaveProduct, productInput('B'), { ...idempotent, signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({ code: 'ABORTED', attempts: 1, mayHaveBeenApplied: true });
  });

  it('a dropped connection, then two 401s: the AuthError says so', async () => {
    const time = createVirtualTime();
    const client = loopbackClient(await answering(reset, status(401)), time);
    const error = await rejection(client.request(SaveProduct, productInput('C'), idempotent));
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', attempts: 3, mayHaveBeenApplied: true });
  });

  it('a query is never said to have been applied, however many attempts it took', async () => {
    const time = createVirtualTime();
    const client = loopbackClient(await answering(status(503), status(400)), time);
    const error = await rejection(client.request('query Q { me { id } }'));
    expect(error).toMatchObject({ status: 400, attempts: 2, mayHaveBeenApplied: false });
  });
});
