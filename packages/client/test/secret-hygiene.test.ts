import { inspect } from 'node:util';
import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestEvent, ResponseEvent, RetryEvent } from '../src/index.js';
import { clientFor } from './client-fixture.js';
import { GetMe, productInput, SaveProduct } from './documents.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

function renderings(error: unknown): string {
  const parts = [inspect(error, { depth: 10 }), JSON.stringify(error), String(error)];
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    parts.push(e.message, e.stack ?? '');
  return parts.join('\n');
}

describe('no secret and no full token in errors or hooks', () => {
  it('across 401, 429, 5xx, dropped, HTML, timeout and echo faults', async () => {
    const emu = emulator();
    const seen: (RequestEvent | ResponseEvent | RetryEvent)[] = [];
    const client = clientFor(emu, {
      timeoutMs: 200,
      hooks: {
        onRequest: (e) => seen.push(e),
        onResponse: (e) => seen.push(e),
        onRetry: (e) => seen.push(e),
      },
    });
    const { accessToken } = await client.tokenProvider.getToken();
    const echo = `{"errors":[{"message":"bad token ${accessToken} for ${emu.clientSecret}"}]}`;
    emu.faults.graphql.push(
      {
        status: 401,
        body: '{"errors":[{"message":"no","extensions":{"code":"UNAUTHENTICATED"}}]}',
      },
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 503, body: `upstream saw Authorization: Bearer ${accessToken}` },
      { drop: true },
      {
        status: 200,
        body: `<html>${accessToken}</html>`,
        headers: { 'content-type': 'text/html' },
      },
      { delayMs: 400 },
      { status: 400, body: echo, headers: { 'content-type': 'application/json' } },
      { status: 500, body: `secret=${emu.clientSecret}` },
    );
    const errors: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      await client.request(GetMe).catch((e: unknown) => errors.push(e));
    }
    await client
      .request(SaveProduct, productInput('Hygiene'))
      .catch((e: unknown) => errors.push(e));
    expect(errors.length).toBeGreaterThanOrEqual(2);
    const text = `${errors.map(renderings).join('\n')}\n${inspect(seen, { depth: 10 })}`;
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain(emu.clientSecret);
    expect(text).toContain('[redacted]');
    expect(emu.stats.secretLeaks).toBe(0);
  });
});
