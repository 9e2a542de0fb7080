import { AdminApiError, type AdminApiErrorCode, type AdminApiErrorDetails } from '@admin-api/auth';

/** Details every app error may carry. */
export interface AppErrorDetails extends AdminApiErrorDetails {
  /** The store the error is about, once its name has passed the platform's form. */
  storeName?: string | undefined;
}

/** Base of the errors only apps on many stores meet; `storeName` says which store. */
export class AppError extends AdminApiError {
  readonly storeName: string | undefined;

  constructor(code: AdminApiErrorCode, message: string, details: AppErrorDetails = {}) {
    super(code, message, details);
    this.storeName = details.storeName;
  }
}

/** A store name that is not the platform's form; nothing was sent anywhere for it. */
export class InvalidStoreNameError extends AppError {
  declare readonly code: 'INVALID_STORE_NAME';
  constructor(message: string) {
    super('INVALID_STORE_NAME', message);
  }
}

/** Codes of {@link InstallError}. */
export type InstallErrorCode = Extract<
  AdminApiErrorCode,
  | 'INSTALL_STATE_UNKNOWN'
  | 'INSTALL_STATE_REUSED'
  | 'INSTALL_STATE_EXPIRED'
  | 'INSTALL_STATE_WRONG_STORE'
  | 'INSTALL_CANCELLED'
  | 'INVALID_CALLBACK'
>;

/**
 * An install callback that was refused before any code was exchanged: answer the merchant's
 * browser with a page that offers to start the install again (`app.installUrl`).
 */
export class InstallError extends AppError {
  declare readonly code: InstallErrorCode;
  constructor(code: InstallErrorCode, message: string, details: AppErrorDetails = {}) {
    super(code, message, details);
  }
}

/** Codes of {@link LaunchError}. */
export type LaunchErrorCode = Extract<
  AdminApiErrorCode,
  'LAUNCH_SIGNATURE_INVALID' | 'LAUNCH_OUTSIDE_WINDOW' | 'INVALID_CALLBACK'
>;

/** A launch URL that does not prove the store sent it now: answer 401 and show nothing. */
export class LaunchError extends AppError {
  declare readonly code: LaunchErrorCode;
  constructor(code: LaunchErrorCode, message: string, details: AppErrorDetails = {}) {
    super(code, message, details);
  }
}

/** The app has no session for the store: it was never installed there, or was uninstalled. */
export class StoreNotInstalledError extends AppError {
  declare readonly code: 'STORE_NOT_INSTALLED';
  declare readonly storeName: string;
  constructor(storeName: string) {
    super(
      'STORE_NOT_INSTALLED',
      `The app is not installed on store "${storeName}": send the merchant to app.installUrl({ storeName: "${storeName}" }).`,
      { storeName },
    );
  }
}

/**
 * The store's refresh token was refused, after every process re-read it: the store stays marked
 * in the session store, so no process asks the token host for it again, until the merchant
 * installs the app again through `app.installUrl`.
 */
export class StoreNeedsReinstallError extends AppError {
  declare readonly code: 'STORE_NEEDS_REINSTALL';
  declare readonly storeName: string;
  constructor(storeName: string, details: AdminApiErrorDetails = {}) {
    super(
      'STORE_NEEDS_REINSTALL',
      `Store "${storeName}" refused the app's refresh token (revoked, or spent elsewhere): the ` +
        `merchant must install the app again; send them to app.installUrl({ storeName: "${storeName}" }).`,
      { ...details, storeName },
    );
  }
}

/**
 * The API refused the store's access token while it was younger than a quarter of its lifetime,
 * which no refresh replaces: the app was most likely uninstalled from the store, or the token
 * revoked. Nothing more is sent for it until it ages or the store is installed again.
 */
export class StoreTokenRejectedError extends AppError {
  declare readonly code: 'UNAUTHENTICATED';
  declare readonly storeName: string;
  constructor(storeName: string, ageS: number) {
    super(
      'UNAUTHENTICATED',
      `Store "${storeName}" refused its access token, issued ${ageS} s ago: too young to refresh ` +
        '(a refresh never replaces a token younger than a quarter of its lifetime). The app was ' +
        `likely uninstalled from the store: call app.uninstall("${storeName}") on its ` +
        `store/app/deleted webhook, and send the merchant to app.installUrl({ storeName: "${storeName}" }) to install it again.`,
      { storeName, status: 401 },
    );
  }
}

/** Codes of {@link WebhookSignatureError}. */
export type WebhookSignatureErrorCode = Extract<
  AdminApiErrorCode,
  | 'WEBHOOK_SIGNATURE_INVALID'
  | 'WEBHOOK_BODY_INVALID'
  | 'WEBHOOK_BODY_TOO_LARGE'
  | 'WEBHOOK_DATA_INVALID'
  | 'WEBHOOK_SCOPE_UNKNOWN'
>;

/** Details a {@link WebhookSignatureError} can carry. */
export interface WebhookSignatureErrorDetails extends AdminApiErrorDetails {
  /** The delivery's `id`, once the body had the delivery's shape. */
  deliveryId?: string | undefined;
  /** Once the signature passed (`WEBHOOK_SCOPE_UNKNOWN`, `WEBHOOK_DATA_INVALID`): the scope the delivery names. */
  scope?: string | undefined;
}

/**
 * A webhook body that `verifyWebhook` refused; nothing of it should be acted on. The code says
 * what to answer: `WEBHOOK_SIGNATURE_INVALID` 401 (not sent by the service, or altered),
 * `WEBHOOK_BODY_TOO_LARGE` 413, `WEBHOOK_BODY_INVALID` 400; `WEBHOOK_SCOPE_UNKNOWN` (a scope the
 * kit does not know yet) and `WEBHOOK_DATA_INVALID` (`data` not a JSON object) 200: signed by the
 * service, so a retry brings the same, and a refusal counts against the endpoint. No message
 * holds the body, the signature or the secret.
 */
export class WebhookSignatureError extends AppError {
  declare readonly code: WebhookSignatureErrorCode;
  /** The delivery's `id`, set once the body had the delivery's shape (it is not signed). */
  readonly deliveryId: string | undefined;
  /** Once the signature passed (`WEBHOOK_SCOPE_UNKNOWN`, `WEBHOOK_DATA_INVALID`): the scope the delivery names. */
  readonly scope: string | undefined;

  constructor(
    code: WebhookSignatureErrorCode,
    message: string,
    details: WebhookSignatureErrorDetails = {},
  ) {
    super(code, message, details);
    this.deliveryId = details.deliveryId;
    this.scope = details.scope;
  }
}

/**
 * Scopes `syncWebhooks` cannot register or `reconcile` cannot list; `scopes` names them and the
 * message the ones that can. Nothing was sent.
 */
export class WebhookScopeError extends AppError {
  declare readonly code: 'WEBHOOK_SCOPE_UNSUPPORTED';
  /** The scopes refused, as given. */
  readonly scopes: readonly string[];
  constructor(scopes: readonly string[], message: string) {
    super('WEBHOOK_SCOPE_UNSUPPORTED', message);
    this.scopes = scopes;
  }
}
