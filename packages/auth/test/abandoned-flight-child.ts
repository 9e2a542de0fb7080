// Run by abandoned-flight.test.ts in a process of its own: an unhandled rejection must be counted
// where it happens, and the counts are printed only once nothing is left to run.
import { createTokenProvider } from '../src/index.js';
import { startServer } from './fixtures.js';

let unhandledRejections = 0;
process.on('unhandledRejection', () => {
  unhandledRejections++;
});

/** Called as a request arrives, before it is answered. */
let onRequest = () => {};
/** A token host that is down: every request gets a 503. */
const host = await startServer((req, res) => {
  req.resume();
  onRequest();
  res.writeHead(503);
  res.end('down');
});
// A provider per case: a later caller of the same provider would adopt an orphaned request.
const provider = () =>
  createTokenProvider({
    authUrl: host.url,
    clientId: 'id',
    clientSecret: 'secret-value',
    retry: false,
  });
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'token',
    (error: { code?: string }) => error.code,
  );

const outcomes: (string | undefined)[] = [];
// Aborted before the call.
outcomes.push(await codeOf(provider().getToken({ signal: AbortSignal.abort() })));
// Aborted while the call reads the store, before it could start a request.
const early = new AbortController();
const earlyCall = codeOf(provider().getToken({ signal: early.signal }));
early.abort();
outcomes.push(await earlyCall);
// Aborted once the request has reached the host, alongside a pre-aborted caller; then a caller
// that waits gets a fresh request and its failure.
const tokens = provider();
const late = new AbortController();
onRequest = () => late.abort();
const lateCall = codeOf(tokens.getToken({ signal: late.signal }));
const preAborted = codeOf(tokens.getToken({ signal: AbortSignal.abort() }));
outcomes.push(await lateCall, await preAborted);
onRequest = () => {};
outcomes.push(await codeOf(tokens.getToken()));
const tokenRequests = host.requests;
await host.close();

process.once('beforeExit', () => {
  console.log(JSON.stringify({ outcomes, tokenRequests, unhandledRejections }));
});
