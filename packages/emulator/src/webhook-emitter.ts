import type { ShapedRecord } from './store-data.js';
import type { ChangeScope } from './webhook-scopes.js';

/** Where the stateful core announces what it changed; delivery is someone else's job. */
export interface WebhookEmitter {
  /**
   * Queues `record` (as stored after the change, made at `at`, epoch ms) for every registration
   * of the store that `scope` goes to. Never throws and never waits: a mutation does not depend
   * on its webhooks.
   */
  emit(scope: ChangeScope, record: ShapedRecord, at: number): void;
}
