import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from './app-options.js';
import { type CallbackInput, callbackParams, param } from './callback-params.js';
import { LaunchError } from './errors.js';
import { checkStoreName } from './store-name.js';

/** How old a launch may be: 120 s. */
export const LAUNCH_WINDOW_MS = 120_000;
/** How far ahead of this machine's clock a launch may be dated: 30 s of clock skew. */
export const LAUNCH_FUTURE_SKEW_MS = 30_000;
const SIGNATURE = /^[0-9a-fA-F]{64}$/;
const TIMESTAMP = /^\d{1,16}$/;

/** Who opened the app, as the store's signed launch URL says. */
export interface Launch {
  readonly storeName: string;
  readonly merchantId: string;
  /**
   * As the URL carries it. The store signs `storeName + merchantId + timestamp` only, so this
   * one is not covered by the signature: compare it with the store's session before trusting it.
   */
  readonly authorizedAppId: string;
}

/**
 * Checks a launch from the store's admin: the signature (HMAC-SHA256 of `storeName +
 * merchantId + timestamp` with the client secret, compared in constant time), then the time
 * window (at most {@link LAUNCH_WINDOW_MS} old, at most {@link LAUNCH_FUTURE_SKEW_MS} ahead).
 */
export function verifyLaunchUrl(config: AppConfig, input: CallbackInput): Launch {
  const params = callbackParams(input);
  const storeName = checkStoreName(params.get('storeName') ?? undefined, 'app.verifyLaunch');
  const merchantId = param(params, 'merchantId');
  const authorizedAppId = param(params, 'authorizedAppId');
  const timestamp = param(params, 'timestamp');
  const signature = param(params, 'signature');
  const missing = Object.entries({ merchantId, authorizedAppId, timestamp, signature })
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length > 0 || !merchantId || !authorizedAppId || !timestamp || !signature) {
    throw new LaunchError(
      'INVALID_CALLBACK',
      `Launch URL for store "${storeName}" lacks ${missing.join(', ')} (or one is over 2048 characters): open the app from the store's admin again.`,
      { storeName },
    );
  }
  const expected = createHmac('sha256', config.clientSecret)
    .update(storeName + merchantId + timestamp, 'utf8')
    .digest();
  if (!SIGNATURE.test(signature) || !timingSafeEqual(Buffer.from(signature, 'hex'), expected)) {
    throw new LaunchError(
      'LAUNCH_SIGNATURE_INVALID',
      `Launch URL for store "${storeName}" has a signature that does not match: it was not sent by the store, or was altered. Answer 401.`,
      { storeName },
    );
  }
  const at = config.now();
  const sentAt = TIMESTAMP.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(at - sentAt <= LAUNCH_WINDOW_MS) || sentAt - at > LAUNCH_FUTURE_SKEW_MS) {
    const late = sentAt < at;
    throw new LaunchError(
      'LAUNCH_OUTSIDE_WINDOW',
      Number.isNaN(sentAt)
        ? `Launch URL for store "${storeName}" has a timestamp that is not epoch milliseconds.`
        : late
          ? `Launch URL for store "${storeName}" is ${Math.round((at - sentAt) / 1000)} s old; launches are valid for ${LAUNCH_WINDOW_MS / 1000} s: open the app from the store's admin again.`
          : `Launch URL for store "${storeName}" is dated ${Math.round((sentAt - at) / 1000)} s in the future (at most ${LAUNCH_FUTURE_SKEW_MS / 1000} s is accepted): check this machine's clock.`,
      { storeName },
    );
  }
  return { storeName, merchantId, authorizedAppId };
}
