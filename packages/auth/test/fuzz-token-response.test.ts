import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { processTokenResponse, TokenRequestError } from '../src/index.js';

// Statuses whose responses cannot carry a body.
const NULL_BODY = new Set([204, 205, 304]);

const SECRET = 'fuzz-secret-value';

/** Bodies near the valid shape, so the fuzzer explores each validation branch, plus anything at all. */
const tokenLike = fc.record(
  {
    access_token: fc.oneof(fc.string(), fc.constant(''), fc.integer(), fc.constant(null)),
    token_type: fc.oneof(
      fc.constantFrom('Bearer', 'bearer', 'BEARER', 'mac', ''),
      fc.string(),
      fc.integer(),
    ),
    expires_in: fc.oneof(
      fc.integer({ min: -10, max: 100_000 }),
      fc.double(),
      fc.string(),
      fc.constant(null),
    ),
    error: fc.oneof(fc.constantFrom('invalid_client', 'invalid_request'), fc.string()),
    error_description: fc.oneof(fc.string(), fc.constant(SECRET), fc.integer()),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  tokenLike.map((value) => JSON.stringify(value)),
  fc.json(),
  fc.string(),
  fc.constantFrom('', '<html>', '{"access_token":', 'null', '[]', '"x"'),
);
const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/html',
    'text/plain',
    '',
  ),
  fc.string().filter((s) => /^[\x20-\x7e]*$/.test(s)),
);

describe('processTokenResponse, fuzzed', () => {
  it('answers any status, content type and body with a valid token or a TokenRequestError', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 200, max: 599 }),
        contentType,
        body,
        async (status, type, text) => {
          const response = new Response(NULL_BODY.has(status) ? null : text, {
            status,
            headers: type ? { 'content-type': type } : {},
          });
          try {
            const token = await processTokenResponse(response, { sentAt: 0, secrets: [SECRET] });
            expect(status).toBeGreaterThanOrEqual(200);
            expect(status).toBeLessThan(300);
            expect(token.accessToken).not.toBe('');
            expect(Number.isSafeInteger(token.expiresIn) && token.expiresIn > 0).toBe(true);
            expect(token.expiresAt).toBe(token.expiresIn * 1000);
          } catch (error) {
            expect(error).toBeInstanceOf(TokenRequestError);
            expect(JSON.stringify(error)).not.toContain(SECRET);
            expect((error as Error).message).not.toContain(SECRET);
          }
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 2_000) },
    );
  });
});
