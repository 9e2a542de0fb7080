import { AppError } from './errors.js';

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
