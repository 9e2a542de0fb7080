import { createHmac } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../src/errors.js';
import { verifyWebhook, type WebhookBody } from '../src/verify-webhook.js';

const SECRET = 'webhook-secret-Q9x7Lm2v';
const sign = (data: string, secret = SECRET) =>
  createHmac('sha256', secret).update(data, 'utf8').digest('hex');

const DATA = JSON.stringify({ id: 'o1', orderNumber: '1001' });
/** What the service sent: its signature is "received" in every refusal below. */
const RECEIVED = sign(DATA);
const TAMPERED = DATA.replace('1001', '1002');
/** The MAC the kit would expect for the tampered data: an oracle for forging, were it shown. */
const EXPECTED = sign(TAMPERED);

const envelope = (fields: Record<string, unknown>) => ({
  id: 'delivery-1',
  scope: 'store/order/created',
  data: DATA,
  signature: RECEIVED,
  ...fields,
});

/** One refusal of each kind, each with the received signature somewhere in its body. */
const REFUSALS: [string, WebhookBody, string][] = [
  ['tampered data', envelope({ data: TAMPERED }), 'WEBHOOK_SIGNATURE_INVALID'],
  [
    'another app’s secret',
    envelope({ signature: sign(DATA, 'other-secret') }),
    'WEBHOOK_SIGNATURE_INVALID',
  ],
  [
    'a signature one digit short',
    envelope({ signature: RECEIVED.slice(0, 63) }),
    'WEBHOOK_SIGNATURE_INVALID',
  ],
  // V8's JSON.parse quotes the text around the fault, which here is the signature.
  [
    'JSON broken right after the signature',
    `{"id":"d","scope":"store/order/created","data":"{}","signature":"${RECEIVED}" oops}`,
    'WEBHOOK_BODY_INVALID',
  ],
  ['a missing id', envelope({ id: undefined }), 'WEBHOOK_BODY_INVALID'],
  [
    'a signed non-object data',
    envelope({ data: '[]', signature: sign('[]') }),
    'WEBHOOK_DATA_INVALID',
  ],
  [
    'a signed data that is not JSON, next to the signature',
    envelope({ data: `{"${RECEIVED}"`, signature: sign(`{"${RECEIVED}"`) }),
    'WEBHOOK_DATA_INVALID',
  ],
  ['an unknown scope', envelope({ scope: 'store/coupon/created' }), 'WEBHOOK_SCOPE_UNKNOWN'],
];

describe('a refused webhook’s error', () => {
  it.each(REFUSALS)(
    'for %s holds neither the secret nor the received or expected signature',
    async (_, body, code) => {
      for (const input of [body, typeof body === 'string' ? body : JSON.stringify(body)]) {
        const error = await verifyWebhook(input, SECRET).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(WebhookSignatureError);
        const refused = error as WebhookSignatureError;
        expect(refused.code).toBe(code);
        expect(refused.cause).toBeUndefined();
        const renderings = [
          JSON.stringify(refused),
          String(refused),
          refused.message,
          refused.stack ?? '',
          inspect(refused, { depth: 10, showHidden: true }),
        ];
        for (const text of renderings) {
          for (const secret of [SECRET, RECEIVED, EXPECTED]) {
            expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
          }
        }
      }
    },
  );
});
