import { useEmulator } from '@admin-api/emulator/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminApiError, parseRetryAfter } from '../src/index.js';
import { clientFor } from './client-fixture.js';
import { GetMe } from './documents.js';

// Statuses whose responses cannot carry a body.
const NULL_BODY = new Set([204, 205, 304]);
// Replaced by the live access token, to check that a server echoing it is redacted.
const TOKEN_MARKER = '<<TOKEN>>';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

const graphqlLike = fc.record(
  {
    data: fc.oneof(
      fc.constant(null),
      fc.json().map((j) => JSON.parse(j) as unknown),
      fc.record({ me: fc.record({ id: fc.string() }) }),
    ),
    errors: fc.oneof(
      fc.array(
        fc.record({
          message: fc.string(),
          extensions: fc.record({
            code: fc.constantFrom('UNAUTHENTICATED', 'BAD_USER_INPUT', 'X'),
          }),
        }),
      ),
      fc.json().map((j) => JSON.parse(j) as unknown),
    ),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  graphqlLike.map((value) => JSON.stringify(value)),
  fc.json(),
  fc.string(),
  fc.constantFrom(
    '',
    '<html>oops</html>',
    '{"data":',
    'null',
    '[]',
    `{"errors":[{"message":"${TOKEN_MARKER}"}]}`,
  ),
);
const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/graphql-response+json',
      'text/html',
      'text/plain',
    ),
    'retry-after': fc.oneof(
      fc.string().filter((s) => /^[\x20-\x7e]*$/.test(s)),
      fc.nat({ max: 3 }).map(String),
      fc.constant(new Date().toUTCString()),
    ),
  },
  { requiredKeys: [] },
);

describe('GraphQL response handling, fuzzed over HTTP', () => {
  it('turns any answer into a result or an AdminApiError, and never shows the token', async () => {
    const emu = emulator();
    const client = clientFor(emu, {
      timeoutMs: 2_000,
      retry: { retries: 1, baseDelayMs: 0, maxDelayMs: 0, rateLimitRetries: 1, maxRetryAfterMs: 5 },
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 200, max: 599 }),
        headers,
        body,
        async (status, headerValues, text) => {
          const { accessToken } = await client.tokenProvider.getToken();
          // The same answer for every attempt the call may make (retries, a 401 refresh).
          const fault = {
            status,
            headers: headerValues,
            body: NULL_BODY.has(status) ? '' : text.replaceAll(TOKEN_MARKER, accessToken),
          };
          emu.faults.graphql.splice(0, emu.faults.graphql.length, fault, fault, fault, fault);
          try {
            await client.request(GetMe);
          } catch (error) {
            expect(error).toBeInstanceOf(AdminApiError);
            expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain(
              accessToken,
            );
          }
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 500) },
    );
  });
});

describe('parseRetryAfter, fuzzed', () => {
  it('gives undefined or a finite, non-negative number of milliseconds for any header value', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
          fc.double().map(String),
        ),
        (value) => {
          const ms = parseRetryAfter(value, Date.now());
          if (ms !== undefined) expect(Number.isFinite(ms) && ms >= 0).toBe(true);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 5_000) },
    );
  });
});
