import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigurationError } from '@admin-api/auth';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { WebhookSignatureError } from '../src/errors.js';
import { verifyWebhook, WEBHOOK_MAX_BODY_BYTES, type WebhookBody } from '../src/verify-webhook.js';
import type { JsonObject, WebhookEvent } from '../src/webhook-event.js';
import { WEBHOOK_SCOPES, type WebhookScope } from '../src/webhook-scopes.js';

const SECRET = 'client-secret-7f3a9c1e';
const OTHER_SECRET = 'another-apps-secret';

const sign = (data: string, secret = SECRET) =>
  createHmac('sha256', secret).update(data, 'utf8').digest('hex');

/** A delivery's envelope as the service sends it, signed with {@link SECRET} unless overridden. */
function envelope(
  scope: string,
  data: unknown,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return {
    id: 'delivery-1',
    createdAt: '2026-01-02T03:04:05.678Z',
    scope,
    merchantId: 'merchant-1',
    authorizedAppId: 'install-1',
    data: text,
    signature: sign(text),
    ...overrides,
  };
}

const body = (...args: Parameters<typeof envelope>) => JSON.stringify(envelope(...args));

/** A payload of each scope's kind, with the fields the type tests read. */
const SAMPLES: Record<WebhookScope, JsonObject> = {
  'store/order/created': { id: 'o1', orderNumber: '1001', status: 'CREATED', totalPrice: 10 },
  'store/order/updated': { id: 'o1', orderNumber: '1001', status: 'REFUNDED', totalPrice: 10 },
  'store/product/created': { id: 'p1', name: 'Kupa', variants: [{ id: 'v1', sku: 'K-1' }] },
  'store/product/updated': { id: 'p1', name: 'Kupa', variants: [{ id: 'v1', sku: 'K-2' }] },
  'store/product/deleted': { id: 'p1', name: 'Kupa', deleted: true, variants: [] },
  'store/customer/created': { id: 'c1', firstName: 'Ayşe', email: 'a@example.com' },
  'store/customer/updated': { id: 'c1', firstName: 'Ayşe', email: 'b@example.com' },
  'store/customer/statusUpdated': { id: 'c1', firstName: 'Ayşe', accountStatus: 'ACTIVE_ACCOUNT' },
  'store/customerFavoriteProducts/created': { customerId: 'c1', productIds: ['p1'] },
  'store/customerFavoriteProducts/updated': { customerId: 'c1', productIds: [] },
  'store/stock/created': { id: 's1', productId: 'p1', variantId: 'v1', stockCount: 4 },
  'store/stock/updated': { id: 's1', productId: 'p1', variantId: 'v1', stockCount: 3 },
  'store/app/deleted': { authorizedAppId: 'install-1' },
  'store/app/payment': {
    merchantAppPayment: {
      _id: 'pay-1',
      appPaymentKey: 'pro',
      name: 'Pro',
      type: 'SUBSCRIPTION',
      status: 'SUCCESS',
      paymentDate: '2026-01-02T03:04:05.678Z',
    },
    merchantLicence: { status: 'ACTIVE', statusUpdatedAt: null },
  },
};

/** Counts Web Crypto calls, to prove that a refused body cost no HMAC. */
function spyOnHmac() {
  const subtle = globalThis.crypto.subtle;
  const spies = [
    vi.spyOn(subtle, 'importKey'),
    vi.spyOn(subtle, 'verify'),
    vi.spyOn(subtle, 'sign'),
  ];
  // Spying again on a method returns its spy: count from here.
  for (const spy of spies) spy.mockClear();
  return {
    calls: () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0),
    verifyCalls: () => spies[1]?.mock.calls.length ?? 0,
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );

/** The refusal of `input`, which must be a WebhookSignatureError of `code`, with no HMAC computed. */
async function refusedBeforeHmac(input: WebhookBody, code: string, maxBytes?: number) {
  const hmac = spyOnHmac();
  const error = await refusal(verifyWebhook(input, SECRET, maxBytes ? { maxBytes } : {}));
  expect(error).toBeInstanceOf(WebhookSignatureError);
  expect((error as WebhookSignatureError).code).toBe(code);
  expect(hmac.calls()).toBe(0);
  return error as WebhookSignatureError;
}

describe('verifyWebhook: a correctly signed delivery', () => {
  it.each(WEBHOOK_SCOPES)('of %s verifies and gives the typed event', async (scope) => {
    const event = await verifyWebhook(body(scope, SAMPLES[scope]), SECRET);
    expect(event).toEqual({
      id: 'delivery-1',
      scope,
      createdAt: '2026-01-02T03:04:05.678Z',
      merchantId: 'merchant-1',
      authorizedAppId: 'install-1',
      data: SAMPLES[scope],
    });
    expect(event).not.toHaveProperty('signature');
    expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
  });

  it('is checked with Web Crypto’s verify, once', async () => {
    const hmac = spyOnHmac();
    await verifyWebhook(body('store/order/created', SAMPLES['store/order/created']), SECRET);
    expect(hmac.verifyCalls()).toBe(1);
  });

  const text = body('store/order/created', SAMPLES['store/order/created']);
  const bytes = new TextEncoder().encode(text);
  /** The body in the middle of a larger buffer, as a pooled Node Buffer may be. */
  const framed = new Uint8Array(bytes.length + 20);
  framed.set(bytes, 10);
  const forms: [string, () => WebhookBody][] = [
    ['a string', () => text],
    ['a Uint8Array', () => bytes],
    ['a Node Buffer', () => Buffer.from(text)],
    ['a Uint8Array view inside a larger buffer', () => framed.subarray(10, 10 + bytes.length)],
    ['an ArrayBuffer', () => bytes.slice().buffer],
    ['an object a framework parsed', () => JSON.parse(text) as Record<string, unknown>],
  ];
  it.each(forms)('verifies given as %s', async (_, input) => {
    const event = await verifyWebhook(input(), SECRET);
    expect(event.scope).toBe('store/order/created');
    expect(event.data).toEqual(SAMPLES['store/order/created']);
  });

  it('with multi-byte Unicode in its data verifies, as text, bytes and a parsed object', async () => {
    const data = { id: 'p1', name: 'Çay bardağı ☕ 🍵 Ünïcödé', variants: [] };
    const text = body('store/product/created', data);
    expect(new TextEncoder().encode(text).length).toBeGreaterThan(text.length);
    for (const input of [text, new TextEncoder().encode(text), JSON.parse(text)]) {
      await expect(verifyWebhook(input, SECRET)).resolves.toMatchObject({ data });
    }
  });

  it('is signed over the data string, so \\u escapes in the envelope verify the same', async () => {
    const data = JSON.stringify({ id: 'p1', name: 'Çay ☕', variants: [] });
    const escaped = JSON.stringify(envelope('store/product/created', data)).replace(
      /[^\x20-\x7e]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(escaped).not.toContain('Ç');
    await expect(verifyWebhook(escaped, SECRET)).resolves.toMatchObject({
      data: { name: 'Çay ☕' },
    });
  });

  it('with the signature in upper-case hex verifies', async () => {
    const delivery = envelope('store/order/created', SAMPLES['store/order/created']);
    const upper = { ...delivery, signature: String(delivery.signature).toUpperCase() };
    await expect(verifyWebhook(JSON.stringify(upper), SECRET)).resolves.toMatchObject({
      id: 'delivery-1',
    });
  });

  it('without createdAt, merchantId and authorizedAppId (absent or null) verifies with them undefined', async () => {
    const data = SAMPLES['store/app/deleted'];
    const delivery = envelope('store/app/deleted', data);
    delete delivery.createdAt;
    delete delivery.merchantId;
    const event = await verifyWebhook({ ...delivery, authorizedAppId: null }, SECRET);
    expect(event).toEqual({
      id: 'delivery-1',
      scope: 'store/app/deleted',
      createdAt: undefined,
      merchantId: undefined,
      authorizedAppId: undefined,
      data,
    });
  });

  it('ignores fields the envelope adds', async () => {
    const delivery = envelope('store/stock/updated', SAMPLES['store/stock/updated'], {
      retryCount: 2,
    });
    const event = await verifyWebhook(delivery, SECRET);
    expect(event).not.toHaveProperty('retryCount');
  });
});

describe('verifyWebhook over loopback HTTP', () => {
  // A plain node:http endpoint that hands verifyWebhook the raw bytes it read.
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      verifyWebhook(Buffer.concat(chunks), SECRET).then(
        (event) => res.writeHead(200).end(JSON.stringify(event)),
        (error: WebhookSignatureError) => res.writeHead(400).end(error.code),
      );
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  it('the bytes a server reads of a signed delivery verify; altered ones do not', async () => {
    const data = { id: 'o1', orderNumber: '1001 — “Çay”', status: 'CREATED' };
    const signed = body('store/order/created', data);
    const ok = await fetch(url, { method: 'POST', body: signed });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ scope: 'store/order/created', data });

    const altered = signed.replace('1001', '1002');
    const refused = await fetch(url, { method: 'POST', body: altered });
    expect(await refused.text()).toBe('WEBHOOK_SIGNATURE_INVALID');
  });

  it('a web-standard Request’s text and arrayBuffer verify alike', async () => {
    const signed = body('store/customer/updated', SAMPLES['store/customer/updated']);
    const request = () => new Request(url, { method: 'POST', body: signed });
    const fromText = await verifyWebhook(await request().text(), SECRET);
    const fromBuffer = await verifyWebhook(await request().arrayBuffer(), SECRET);
    expect(fromBuffer).toEqual(fromText);
  });
});

describe('verifyWebhook refuses, before any HMAC,', () => {
  const valid = () => envelope('store/order/created', SAMPLES['store/order/created']);

  it('a body over 1 MB, 1,000,000 bytes (WEBHOOK_BODY_TOO_LARGE), without parsing it', async () => {
    expect(WEBHOOK_MAX_BODY_BYTES).toBe(1_000_000);
    const over = 'x'.repeat(WEBHOOK_MAX_BODY_BYTES + 1);
    const parse = vi.spyOn(JSON, 'parse');
    const hmac = spyOnHmac();
    // The size check runs before verifyWebhook's first await: nothing else ran in between.
    const pending = refusal(verifyWebhook(over, SECRET));
    expect(parse).not.toHaveBeenCalled();
    const error = await pending;
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect((error as WebhookSignatureError).code).toBe('WEBHOOK_BODY_TOO_LARGE');
    expect(hmac.calls()).toBe(0);
  });

  it('a body over the cap as Uint8Array, ArrayBuffer, and an object whose data is over it', async () => {
    const big = new Uint8Array(WEBHOOK_MAX_BODY_BYTES + 1).fill(0x20);
    await refusedBeforeHmac(big, 'WEBHOOK_BODY_TOO_LARGE');
    await refusedBeforeHmac(big.buffer, 'WEBHOOK_BODY_TOO_LARGE');
    const data = JSON.stringify({ pad: 'x'.repeat(WEBHOOK_MAX_BODY_BYTES) });
    await refusedBeforeHmac({ ...valid(), data, signature: sign(data) }, 'WEBHOOK_BODY_TOO_LARGE');
  });

  it('a body of exactly 1 MB (1,000,000 bytes) is read, one byte more is not', async () => {
    const padded = (size: number) => {
      const base = body('store/order/created', { id: 'o1', pad: '' });
      const data = JSON.stringify({ id: 'o1', pad: 'x'.repeat(size - base.length) });
      return body('store/order/created', data);
    };
    const exact = padded(WEBHOOK_MAX_BODY_BYTES);
    expect(exact.length).toBe(WEBHOOK_MAX_BODY_BYTES);
    await expect(verifyWebhook(exact, SECRET)).resolves.toMatchObject({ id: 'delivery-1' });
    await refusedBeforeHmac(padded(WEBHOOK_MAX_BODY_BYTES + 1), 'WEBHOOK_BODY_TOO_LARGE');
  });

  it('a body over a lower maxBytes, counted in UTF-8 bytes, not characters', async () => {
    const text = body('store/product/created', {
      id: 'p1',
      name: 'ççççç☕☕☕☕🍵🍵🍵',
      variants: [],
    });
    const bytes = new TextEncoder().encode(text).length;
    expect(bytes).toBeGreaterThan(text.length);
    await expect(verifyWebhook(text, SECRET, { maxBytes: bytes })).resolves.toBeDefined();
    for (const maxBytes of [bytes - 1, text.length]) {
      await refusedBeforeHmac(text, 'WEBHOOK_BODY_TOO_LARGE', maxBytes);
    }
    const parsed = JSON.parse(text) as { data: string };
    const dataBytes = new TextEncoder().encode(parsed.data).length;
    await expect(verifyWebhook(parsed, SECRET, { maxBytes: dataBytes })).resolves.toBeDefined();
    await refusedBeforeHmac(parsed, 'WEBHOOK_BODY_TOO_LARGE', dataBytes - 1);
  });

  it('a body that is not JSON, or not UTF-8 (WEBHOOK_BODY_INVALID)', async () => {
    await refusedBeforeHmac('{"id": "d1", "scope": ', 'WEBHOOK_BODY_INVALID');
    await refusedBeforeHmac('', 'WEBHOOK_BODY_INVALID');
    const text = new TextEncoder().encode(body('store/order/created', { id: 'o1' }));
    const broken = new Uint8Array([...text.subarray(0, 20), 0xc3, 0x28, ...text.subarray(20)]);
    await refusedBeforeHmac(broken, 'WEBHOOK_BODY_INVALID');
  });

  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"delivery"'],
  ])('a body whose JSON is %s (WEBHOOK_BODY_INVALID)', async (_, text) => {
    await refusedBeforeHmac(text, 'WEBHOOK_BODY_INVALID');
  });

  it('a body that is neither text, bytes nor an object', async () => {
    await refusedBeforeHmac(42 as unknown as WebhookBody, 'WEBHOOK_BODY_INVALID');
    await refusedBeforeHmac(null as unknown as WebhookBody, 'WEBHOOK_BODY_INVALID');
    await refusedBeforeHmac([valid()] as unknown as WebhookBody, 'WEBHOOK_BODY_INVALID');
  });

  it.each(['id', 'scope', 'data', 'signature'])(
    'a body without "%s", or with it not a string (WEBHOOK_BODY_INVALID)',
    async (field) => {
      const missing = valid();
      delete missing[field];
      await refusedBeforeHmac(JSON.stringify(missing), 'WEBHOOK_BODY_INVALID');
      await refusedBeforeHmac(missing, 'WEBHOOK_BODY_INVALID');
      for (const wrong of [null, 7, { value: 'x' }]) {
        await refusedBeforeHmac({ ...valid(), [field]: wrong }, 'WEBHOOK_BODY_INVALID');
      }
    },
  );

  it('an id that is empty or over 256 characters, a scope likewise (WEBHOOK_BODY_INVALID)', async () => {
    for (const field of ['id', 'scope']) {
      for (const value of ['', 'd'.repeat(257)]) {
        await refusedBeforeHmac({ ...valid(), [field]: value }, 'WEBHOOK_BODY_INVALID');
      }
    }
    await expect(verifyWebhook({ ...valid(), id: 'd'.repeat(256) }, SECRET)).resolves.toMatchObject(
      { id: 'd'.repeat(256) },
    );
  });

  it.each(['createdAt', 'merchantId', 'authorizedAppId'])(
    'a body whose "%s" is there but not a string (WEBHOOK_BODY_INVALID)',
    async (field) => {
      await refusedBeforeHmac({ ...valid(), [field]: 1767323045678 }, 'WEBHOOK_BODY_INVALID');
    },
  );

  it.each([
    ['truncated', (signature: string) => signature.slice(0, 63)],
    ['too long', (signature: string) => `${signature}0`],
    ['not hex', (signature: string) => `${signature.slice(0, 63)}g`],
    ['empty', () => ''],
    ['base64', (signature: string) => Buffer.from(signature, 'hex').toString('base64')],
  ])('a signature that is %s (WEBHOOK_SIGNATURE_INVALID)', async (_, alter) => {
    const delivery = valid();
    const error = await refusedBeforeHmac(
      { ...delivery, signature: alter(String(delivery.signature)) },
      'WEBHOOK_SIGNATURE_INVALID',
    );
    expect(error.deliveryId).toBeUndefined();
  });
});

describe('verifyWebhook refuses after the HMAC', () => {
  const order = SAMPLES['store/order/created'];

  it('tampered data (WEBHOOK_SIGNATURE_INVALID), with the delivery id', async () => {
    const delivery = envelope('store/order/created', order);
    const tampered = { ...delivery, data: String(delivery.data).replace('1001', '1002') };
    const hmac = spyOnHmac();
    const error = await refusal(verifyWebhook(JSON.stringify(tampered), SECRET));
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(error).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID', deliveryId: 'delivery-1' });
    expect(hmac.verifyCalls()).toBe(1);
  });

  it('a signature made with another secret (WEBHOOK_SIGNATURE_INVALID)', async () => {
    const data = JSON.stringify(order);
    const delivery = envelope('store/order/created', data, { signature: sign(data, OTHER_SECRET) });
    await expect(verifyWebhook(delivery, SECRET)).rejects.toMatchObject({
      code: 'WEBHOOK_SIGNATURE_INVALID',
    });
    await expect(verifyWebhook(delivery, OTHER_SECRET)).resolves.toMatchObject({ data: order });
  });

  it.each([
    ['not JSON', '{"id": '],
    ['empty', ''],
    ['a JSON array', '[{"id": "o1"}]'],
    ['a JSON string', '"order"'],
    ['JSON null', 'null'],
    ['a JSON number', '1'],
  ])('signed data that is %s (WEBHOOK_DATA_INVALID)', async (_, data) => {
    const error = await refusal(verifyWebhook(body('store/order/created', data), SECRET));
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(error).toMatchObject({ code: 'WEBHOOK_DATA_INVALID', deliveryId: 'delivery-1' });
  });

  it('a scope the kit does not know, once the signature passed (WEBHOOK_SCOPE_UNKNOWN)', async () => {
    const error = await refusal(verifyWebhook(body('store/coupon/created', { id: 'x' }), SECRET));
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(error).toMatchObject({
      code: 'WEBHOOK_SCOPE_UNKNOWN',
      scope: 'store/coupon/created',
      deliveryId: 'delivery-1',
    });
    // Whatever form a new scope's data takes, it is acknowledged, not refused as invalid.
    await expect(
      verifyWebhook(body('store/coupon/created', '[1, 2]'), SECRET),
    ).rejects.toMatchObject({ code: 'WEBHOOK_SCOPE_UNKNOWN' });
  });

  it('an unknown scope with a bad signature is WEBHOOK_SIGNATURE_INVALID, not acknowledged', async () => {
    const delivery = envelope('store/coupon/created', { id: 'x' }, { signature: sign('{}') });
    const error = await refusal(verifyWebhook(delivery, SECRET));
    expect(error).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect((error as WebhookSignatureError).scope).toBeUndefined();
  });
});

describe('verifyWebhook’s options', () => {
  const signed = () => body('store/order/created', SAMPLES['store/order/created']);

  it.each([
    ['empty', ''],
    ['not a string', 42],
    ['missing', undefined],
  ])('a client secret that is %s is INVALID_OPTION', async (_, secret) => {
    const error = await refusal(verifyWebhook(signed(), secret as string));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).code).toBe('INVALID_OPTION');
  });

  it.each([0, -1, 1.5, WEBHOOK_MAX_BODY_BYTES + 1, Number.NaN, '1024'])(
    'maxBytes %s is INVALID_OPTION: it may lower the cap, never raise it',
    async (maxBytes) => {
      const error = await refusal(verifyWebhook(signed(), SECRET, { maxBytes } as never));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).code).toBe('INVALID_OPTION');
    },
  );
});
