import { createHmac } from 'node:crypto';

/** What the service puts in an app's launch URL, signed. */
export interface LaunchFields {
  readonly storeName: string;
  readonly merchantId: string;
  readonly authorizedAppId: string;
  /** Epoch milliseconds. */
  readonly timestamp: number;
}

/**
 * The launch signature: lowercase hex HMAC-SHA256 of `storeName + merchantId + timestamp`
 * (timestamp in decimal), keyed with the app's client secret.
 */
export function launchSignature(fields: LaunchFields, clientSecret: string): string {
  return createHmac('sha256', clientSecret)
    .update(`${fields.storeName}${fields.merchantId}${fields.timestamp}`)
    .digest('hex');
}

/**
 * `appUrl` with the launch parameters added to its query: `storeName`, `merchantId`,
 * `authorizedAppId`, `timestamp` and `signature` (any of those already there are replaced).
 */
export function signedLaunchUrl(
  appUrl: string,
  fields: LaunchFields,
  clientSecret: string,
): string {
  const url = new URL(appUrl);
  url.searchParams.set('storeName', fields.storeName);
  url.searchParams.set('merchantId', fields.merchantId);
  url.searchParams.set('authorizedAppId', fields.authorizedAppId);
  url.searchParams.set('timestamp', String(fields.timestamp));
  url.searchParams.set('signature', launchSignature(fields, clientSecret));
  return url.href;
}
