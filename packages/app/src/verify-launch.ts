import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from './app-options.js';
import { type CallbackInput, callbackParams, param } from './callback-params.js';
import { LaunchError, StoreNeedsReinstallError, StoreNotInstalledError } from './errors.js';
import { checkStoreName } from './store-name.js';

/** How old a launch may be: 120 s. */
export const LAUNCH_WINDOW_MS = 120_000;
/** How far ahead of this machine's clock a launch may be dated: 30 s of clock skew. */
export const LAUNCH_FUTURE_SKEW_MS = 30_000;
const SIGNATURE = /^[0-9a-fA-F]{64}$/;
/** Epoch ms in decimal, without leading zeros: a zero moved across would keep the signature. */
const TIMESTAMP = /^[1-9]\d{0,15}$/;

/** Who opened the app: the store's signed launch, matched with the store's install. */
export interface Launch {
  readonly storeName: string;
  readonly merchantId: string;
  readonly authorizedAppId: string;
}

/**
 * Checks a launch from the store's admin: the parameters (each once), the signature
 * (HMAC-SHA256 of `storeName + merchantId + timestamp` with the client secret, compared in
 * constant time), the time window (at most {@link LAUNCH_WINDOW_MS} old, at most
 * {@link LAUNCH_FUTURE_SKEW_MS} ahead), then the store's session: its `merchantId` and
 * `authorizedAppId` must be the launch's. The signed text has no separators, so `acmeshop` +
 * `123` and `acme` + `shop123` sign alike; only the install's own merchant id tells them apart.
 */
export async function verifyLaunchUrl(config: AppConfig, input: CallbackInput): Promise<Launch> {
  const params = callbackParams(input);
  if (!params) {
    throw new LaunchError('INVALID_CALLBACK', 'Launch URL is not a URL: answer 400.');
  }
  const storeName = checkStoreName(param(params, 'storeName'), 'app.verifyLaunch');
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
      `Launch URL for store "${storeName}" lacks ${missing.join(', ')} (or has one twice, or over 2048 characters): open the app from the store's admin again.`,
      { storeName },
    );
  }
  const expected = createHmac('sha256', config.clientSecret)
    .update(storeName + merchantId + timestamp, 'utf8')
    .digest();
  if (!SIGNATURE.test(signature) || !timingSafeEqual(Buffer.from(signature, 'hex'), expected)) {
    throw signatureRefused(storeName, 'has a signature that does not match');
  }
  const at = config.now();
  const sentAt = TIMESTAMP.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(at - sentAt <= LAUNCH_WINDOW_MS) || sentAt - at > LAUNCH_FUTURE_SKEW_MS) {
    throw new LaunchError(
      'LAUNCH_OUTSIDE_WINDOW',
      Number.isNaN(sentAt)
        ? `Launch URL for store "${storeName}" has a timestamp that is not epoch milliseconds.`
        : sentAt < at
          ? `Launch URL for store "${storeName}" is ${Math.round((at - sentAt) / 1000)} s old; launches are valid for ${LAUNCH_WINDOW_MS / 1000} s: open the app from the store's admin again.`
          : `Launch URL for store "${storeName}" is dated ${Math.round((sentAt - at) / 1000)} s in the future (at most ${LAUNCH_FUTURE_SKEW_MS / 1000} s is accepted): check this machine's clock.`,
      { storeName },
    );
  }
  const record = await config.sessions.get(storeName);
  if (!record) throw new StoreNotInstalledError(storeName);
  if (record.status === 'needs_reinstall') throw new StoreNeedsReinstallError(storeName);
  const { session } = record;
  if (session.merchantId !== merchantId || session.authorizedAppId !== authorizedAppId) {
    throw signatureRefused(storeName, "names another merchant or install than the store's");
  }
  return { storeName, merchantId, authorizedAppId };
}

function signatureRefused(storeName: string, what: string): LaunchError {
  return new LaunchError(
    'LAUNCH_SIGNATURE_INVALID',
    `Launch URL for store "${storeName}" ${what}: it was not sent by the store, or was altered. Answer 401.`,
    { storeName },
  );
}
