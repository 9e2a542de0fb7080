import { describe, expect, it } from 'vitest';
import { processTokenResponse, TokenRequestError } from '../src/index.js';

const SENT_AT = 1_700_000_000_000;
const json = (body: unknown, status = 200, contentType = 'application/json') =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': contentType },
  });

async function rejection(response: Response): Promise<TokenRequestError> {
  const error = await processTokenResponse(response, {
    sentAt: SENT_AT,
    secrets: ['s3cr3t-value'],
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TokenRequestError);
  return error as TokenRequestError;
}

describe('processTokenResponse', () => {
  it('accepts a valid response and counts expiry from the moment the request was sent', async () => {
    const token = await processTokenResponse(
      json({ access_token: 'abc.def.ghi', token_type: 'Bearer', expires_in: 14400 }),
      { sentAt: SENT_AT },
    );
    expect(token).toEqual({
      accessToken: 'abc.def.ghi',
      tokenType: 'Bearer',
      expiresIn: 14400,
      expiresAt: SENT_AT + 14_400_000,
    });
  });

  it('accepts token_type in any case and normalises it', async () => {
    const token = await processTokenResponse(
      json({ access_token: 'abc', token_type: 'bEaReR', expires_in: 60 }),
      { sentAt: SENT_AT },
    );
    expect(token.tokenType).toBe('Bearer');
  });

  it.each([
    ['missing access_token', { token_type: 'Bearer', expires_in: 60 }, 'access_token'],
    [
      'empty access_token',
      { access_token: '', token_type: 'Bearer', expires_in: 60 },
      'access_token',
    ],
    [
      'numeric access_token',
      { access_token: 42, token_type: 'Bearer', expires_in: 60 },
      'access_token',
    ],
    ['missing token_type', { access_token: 'abc', expires_in: 60 }, 'token_type'],
    ['wrong token_type', { access_token: 'abc', token_type: 'mac', expires_in: 60 }, 'token_type'],
    ['missing expires_in', { access_token: 'abc', token_type: 'Bearer' }, 'expires_in'],
    [
      'string expires_in',
      { access_token: 'abc', token_type: 'Bearer', expires_in: '60' },
      'expires_in',
    ],
    ['zero expires_in', { access_token: 'abc', token_type: 'Bearer', expires_in: 0 }, 'expires_in'],
    [
      'negative expires_in',
      { access_token: 'abc', token_type: 'Bearer', expires_in: -5 },
      'expires_in',
    ],
    [
      'fractional expires_in',
      { access_token: 'abc', token_type: 'Bearer', expires_in: 1.5 },
      'expires_in',
    ],
  ])('rejects a 200 with %s as INVALID_RESPONSE naming the field', async (_, body, field) => {
    const error = await rejection(json(body));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.status).toBe(200);
    expect(error.message).toContain(`"${field}"`);
  });

  it.each([
    ['a newline', 'abc\ndef'],
    ['a NUL', 'abc\u0000def'],
    ['a DEL', 'abc\u007fdef'],
    ['a tab', 'abc\tdef'],
    ['a space', 'abc def'],
    ['a non-ASCII letter', 'abcdéf'],
    ['a padding sign in the middle', 'ab=cd'],
  ])(
    'rejects an access_token with %s as INVALID_RESPONSE naming the field, without the token',
    async (_, token) => {
      const error = await rejection(
        json({ access_token: token, token_type: 'Bearer', expires_in: 60 }),
      );
      expect(error.code).toBe('INVALID_RESPONSE');
      expect(error.message).toContain('"access_token"');
      expect(JSON.stringify(error)).not.toContain(JSON.stringify(token).slice(1, -1));
      expect(error.message).not.toContain(token);
    },
  );

  it('accepts a token68 access_token with every allowed character and padding', async () => {
    const token = 'AZaz09-._~+/xyz==';
    const result = await processTokenResponse(
      json({ access_token: token, token_type: 'Bearer', expires_in: 60 }),
      { sentAt: SENT_AT },
    );
    expect(result.accessToken).toBe(token);
  });

  it('refuses a redirect as REDIRECT_REFUSED, naming the location without its query', async () => {
    const error = await rejection(
      new Response(null, {
        status: 302,
        headers: { location: 'https://elsewhere.example/login?client_secret=s3cr3t-value' },
      }),
    );
    expect(error.code).toBe('REDIRECT_REFUSED');
    expect(error.status).toBe(302);
    expect(error.message).toContain('https://elsewhere.example/login?…');
    expect(error.message).not.toContain('s3cr3t-value');
  });

  it('rejects a 200 body over 64 KiB as INVALID_RESPONSE without reading the rest', async () => {
    const padding = ' '.repeat(70 * 1024);
    const error = await rejection(
      json(`{"access_token":"abc","token_type":"Bearer","expires_in":60${padding}}`),
    );
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('65536 bytes');
  });

  it('never echoes a body that may hold a token', async () => {
    const error = await rejection(
      json({ access_token: 'tok-SECRET-123456', token_type: 'mac', expires_in: 60 }),
    );
    expect(JSON.stringify(error)).not.toContain('tok-SECRET-123456');
    expect(error.bodyExcerpt).toBeUndefined();
  });

  it.each([
    ['form-encoded', 'access_token=tok-SECRET-123456&token_type=bearer&expires_in=3600'],
    [
      'JSON followed by garbage',
      '{"access_token":"tok-SECRET-123456","token_type":"Bearer","expires_in":3600}\n<!-- cache -->',
    ],
  ])('never echoes a 2xx token answer that is %s, which still holds the token', async (_, body) => {
    const error = await rejection(json(body, 200, 'application/x-www-form-urlencoded'));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(JSON.stringify(error)).not.toContain('SECRET-123456');
    expect(error.message).not.toContain('SECRET-123456');
    expect(error.bodyExcerpt).toBeUndefined();
  });

  it('rejects a JSON array body', async () => {
    const error = await rejection(json([1, 2]));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('top level object');
  });

  it('rejects a 200 HTML page naming what it was, with no excerpt: a 2xx may hold a token', async () => {
    const error = await rejection(
      json('<html><body>Gateway says hi</body></html>', 200, 'text/html'),
    );
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('non-JSON body (text/html, 41 characters, an HTML page)');
    expect(error.bodyExcerpt).toBeUndefined();
  });

  it('rejects an empty 200 body', async () => {
    const error = await rejection(new Response('', { status: 200 }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('empty body');
  });

  it('rejects JSON served with a non-JSON content type', async () => {
    const error = await rejection(
      json({ access_token: 'abc', token_type: 'Bearer', expires_in: 60 }, 200, 'text/plain'),
    );
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('content-type');
  });

  it('parses an RFC 6749 error body and keeps the status', async () => {
    const error = await rejection(
      json({ error: 'invalid_client', error_description: 'Client authentication failed' }, 401),
    );
    expect(error.code).toBe('OAUTH_ERROR');
    expect(error.status).toBe(401);
    expect(error.error).toBe('invalid_client');
    expect(error.errorDescription).toBe('Client authentication failed');
  });

  it('reports a non-2xx without an OAuth body as HTTP_ERROR with a short excerpt', async () => {
    const error = await rejection(json(`<html>${'x'.repeat(1000)}</html>`, 502, 'text/html'));
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.status).toBe(502);
    expect(error.bodyExcerpt?.length).toBeLessThanOrEqual(201);
  });

  it('redacts the secret if a server echoes it back', async () => {
    const error = await rejection(
      json({ error: 'invalid_request', error_description: 'bad client_secret=s3cr3t-value' }, 400),
    );
    expect(JSON.stringify(error)).not.toContain('s3cr3t-value');
    expect(error.message).toContain('[redacted]');
  });
});
