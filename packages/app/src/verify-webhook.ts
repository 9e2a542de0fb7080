import { ConfigurationError } from '@admin-api/auth';
import { isRecord } from '@admin-api/auth/internal';
import { isDeliveryId, WEBHOOK_MAX_ID_LENGTH } from './dedupe-claims.js';
import { WebhookSignatureError } from './errors.js';
import type { JsonObject, WebhookEvent } from './webhook-event.js';
import { isWebhookScope } from './webhook-scopes.js';

/**
 * The largest webhook body read: 1 MB (1,000,000 bytes). The service does not publish the size
 * of its deliveries; a product's delivery passes it at some 1,800 variants, and `reconcile`
 * finds such a record by its `updatedAt`.
 */
export const WEBHOOK_MAX_BODY_BYTES = 1_000_000;
const SIGNATURE = /^[0-9a-fA-F]{64}$/;

/**
 * A webhook request's body: its raw text or bytes, as received, or the object a framework
 * already parsed from its JSON (Express' `req.body`, Fastify's `request.body`).
 */
export type WebhookBody = string | Uint8Array | ArrayBuffer | Readonly<Record<string, unknown>>;

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /**
   * The largest body accepted, in bytes (for a parsed body, of its `data`). It may lower the cap,
   * never raise it.
   * @default 1000000 (1 MB, {@link WEBHOOK_MAX_BODY_BYTES})
   * @example 256 * 1024
   */
  maxBytes?: number | undefined;
}

/** The envelope's fields, each checked to be what the service sends. */
interface Delivery {
  readonly id: string;
  readonly scope: string;
  readonly data: string;
  readonly signature: string;
  readonly createdAt: string | undefined;
  readonly merchantId: string | undefined;
  readonly authorizedAppId: string | undefined;
}

/**
 * Verifies a webhook delivery and returns it as an event typed by its scope. In order, before
 * any HMAC is computed: the size cap, the JSON envelope, its shape (`id`, `scope`, `data`,
 * `signature` strings; `signature` 64 hexadecimal digits). Then the signature, the hex
 * HMAC-SHA256 of `data` with the client secret, checked with Web Crypto's `verify` (constant
 * time); then the scope, and `data`, which must be a JSON object. Runs wherever Web Crypto does:
 * Node, Bun, Deno, Workers.
 *
 * Only `data` is signed: `id`, `scope`, `createdAt`, `merchantId` and `authorizedAppId` are what
 * the body says beside it, and a body that replays a signed `data` under another `id` or scope
 * passes. `data` is typed from the schema, not checked field by field.
 *
 * Throws a {@link WebhookSignatureError} whose `code` says what to answer (see there), or a
 * `ConfigurationError` (`INVALID_OPTION`) for an empty secret or a bad `maxBytes`.
 *
 * @example
 * const event = await verifyWebhook(await request.text(), clientSecret);
 * switch (event.scope) {
 *   case 'store/order/created':
 *     console.log(event.data.orderNumber);
 *     break;
 *   case 'store/product/updated':
 *     console.log(event.data.variants[0]?.sku);
 *     break;
 * }
 */
export async function verifyWebhook(
  body: WebhookBody,
  clientSecret: string,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  checkClientSecret(clientSecret);
  const maxBytes = resolveMaxBytes(options);
  const delivery = checkShape(readEnvelope(body, maxBytes));
  const about = { deliveryId: delivery.id };
  if (!(await signatureMatches(delivery, clientSecret))) {
    throw new WebhookSignatureError(
      'WEBHOOK_SIGNATURE_INVALID',
      "The webhook's signature does not match its data under this client secret: it was not " +
        "sent by the service, was altered, or is for another app's secret. Answer 401.",
      about,
    );
  }
  const { scope } = delivery;
  // Before `data` is read: a scope added later may send data of another form.
  if (!isWebhookScope(scope)) {
    throw new WebhookSignatureError(
      'WEBHOOK_SCOPE_UNKNOWN',
      'The webhook is correctly signed, but its scope (error.scope) is not one the kit knows: answer 200, or the service sends it again, and update @admin-api/app.',
      { ...about, scope },
    );
  }
  const data = parseData(delivery);
  return {
    id: delivery.id,
    scope,
    createdAt: delivery.createdAt,
    merchantId: delivery.merchantId,
    authorizedAppId: delivery.authorizedAppId,
    data,
  } as WebhookEvent;
}

function checkClientSecret(clientSecret: unknown): void {
  if (typeof clientSecret !== 'string' || clientSecret === '') {
    throw new ConfigurationError(
      'INVALID_OPTION',
      "verifyWebhook needs the app's client secret, a non-empty string: the service signs every delivery with it",
    );
  }
}

function resolveMaxBytes(options: unknown): number {
  if (!isRecord(options)) {
    throw new ConfigurationError('INVALID_OPTION', 'verifyWebhook options must be an object');
  }
  const maxBytes = options.maxBytes ?? WEBHOOK_MAX_BODY_BYTES;
  if (
    typeof maxBytes !== 'number' ||
    !Number.isSafeInteger(maxBytes) ||
    maxBytes < 1 ||
    maxBytes > WEBHOOK_MAX_BODY_BYTES
  ) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"maxBytes" must be an integer from 1 to ${WEBHOOK_MAX_BODY_BYTES} (1 MB): it may lower the cap, never raise it`,
    );
  }
  return maxBytes;
}

function bodyInvalid(what: string): WebhookSignatureError {
  return new WebhookSignatureError(
    'WEBHOOK_BODY_INVALID',
    `The webhook body ${what}: it is not a delivery. Answer 400.`,
  );
}

function tooLarge(what: string, maxBytes: number): WebhookSignatureError {
  return new WebhookSignatureError(
    'WEBHOOK_BODY_TOO_LARGE',
    `The webhook ${what} is over ${maxBytes} bytes; none of it was parsed. Answer 413.`,
  );
}

/** The envelope, within the cap: parsed from text or bytes, or the object given. */
function readEnvelope(body: WebhookBody, maxBytes: number): unknown {
  if (typeof body === 'string') {
    if (utf8LengthOver(body, maxBytes)) throw tooLarge('body', maxBytes);
    return parseJson(body);
  }
  const bytes = asBytes(body);
  if (bytes) {
    if (bytes.byteLength > maxBytes) throw tooLarge('body', maxBytes);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw bodyInvalid('is not UTF-8 text');
    }
    return parseJson(text);
  }
  if (!isRecord(body)) {
    throw bodyInvalid('is neither text, bytes nor a parsed JSON object');
  }
  // A framework parsed it: copy each field once, then cap what the HMAC would read.
  const envelope: Record<string, unknown> = {};
  for (const name of FIELDS) envelope[name] = body[name];
  const { data } = envelope;
  if (typeof data === 'string' && utf8LengthOver(data, maxBytes)) {
    throw tooLarge('body\'s "data"', maxBytes);
  }
  return envelope;
}

const FIELDS = [
  'id',
  'scope',
  'data',
  'signature',
  'createdAt',
  'merchantId',
  'authorizedAppId',
] as const;

function asBytes(body: WebhookBody): Uint8Array | undefined {
  if (ArrayBuffer.isView(body))
    return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return undefined;
}

/** JSON.parse, with a fixed message: V8's quotes the text, which holds the signature. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw bodyInvalid('is not JSON');
  }
}

/**
 * Whether `text` takes more than `max` bytes as UTF-8, counted without encoding it and no
 * further than needed. A lone surrogate counts 3, as the U+FFFD that TextEncoder writes for it.
 */
function utf8LengthOver(text: string, max: number): boolean {
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > max) return true;
  }
  return false;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** The envelope's fields, each checked in turn; the first that is wrong is named. */
function checkShape(envelope: unknown): Delivery {
  if (!isRecord(envelope)) throw bodyInvalid('is not a JSON object');
  const { id, scope, data, signature } = envelope;
  if (!isDeliveryId(id)) {
    throw bodyInvalid(
      `"id" property is not a string of 1 to ${WEBHOOK_MAX_ID_LENGTH} characters, well-formed and without U+0000`,
    );
  }
  if (typeof scope !== 'string' || scope.length < 1 || scope.length > WEBHOOK_MAX_ID_LENGTH) {
    throw bodyInvalid(
      `"scope" property is not a string of 1 to ${WEBHOOK_MAX_ID_LENGTH} characters`,
    );
  }
  if (typeof data !== 'string') throw bodyInvalid('"data" property is not a string');
  if (typeof signature !== 'string') throw bodyInvalid('"signature" property is not a string');
  const createdAt = optionalString(envelope, 'createdAt');
  const merchantId = optionalString(envelope, 'merchantId');
  const authorizedAppId = optionalString(envelope, 'authorizedAppId');
  if (!SIGNATURE.test(signature)) {
    throw new WebhookSignatureError(
      'WEBHOOK_SIGNATURE_INVALID',
      'The webhook body\'s "signature" property is not 64 hexadecimal digits (a hex HMAC-SHA256): it was not sent by the service. Answer 401.',
    );
  }
  return { id, scope, data, signature, createdAt, merchantId, authorizedAppId };
}

/** A field that is a string when present; `null` is taken as absent. */
function optionalString(envelope: Record<string, unknown>, name: string): string | undefined {
  const value = envelope[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw bodyInvalid(`"${name}" property is not a string`);
  return value;
}

/** Web Crypto's HMAC `verify`, which compares in constant time; the expected MAC never leaves it. */
async function signatureMatches(delivery: Delivery, clientSecret: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const { subtle } = globalThis.crypto;
  const key = await subtle.importKey(
    'raw',
    encoder.encode(clientSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  return subtle.verify('HMAC', key, hexBytes(delivery.signature), encoder.encode(delivery.data));
}

/** 64 hex digits (checked before) as 32 bytes. */
function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  }
  return bytes;
}

/** `data`, which the signature covers, as the JSON object it must be. */
function parseData(delivery: Delivery): JsonObject {
  const about = { deliveryId: delivery.id, scope: delivery.scope };
  let data: unknown;
  try {
    data = JSON.parse(delivery.data);
  } catch {
    throw new WebhookSignatureError(
      'WEBHOOK_DATA_INVALID',
      'The webhook is correctly signed, but its "data" is not JSON: answer 200 (a retry brings the same), and find the record again with reconcile.',
      about,
    );
  }
  if (!isRecord(data)) {
    throw new WebhookSignatureError(
      'WEBHOOK_DATA_INVALID',
      'The webhook is correctly signed, but its "data" is not a JSON object: answer 200 (a retry brings the same), and find the record again with reconcile.',
      about,
    );
  }
  return data as JsonObject;
}
