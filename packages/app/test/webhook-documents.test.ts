import { adminApiSchema } from '@admin-api/emulator';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { RECONCILE_DOCUMENTS } from '../src/reconcile.js';
import { SYNC_WEBHOOKS_DOCUMENTS } from '../src/sync-webhooks.js';

describe('the documents syncWebhooks and reconcile send', () => {
  const schema = adminApiSchema();
  it.each([...SYNC_WEBHOOKS_DOCUMENTS, ...RECONCILE_DOCUMENTS])(
    'validate against the real schema: %s',
    (document) => {
      expect(validate(schema, parse(document)).map((error) => error.message)).toEqual([]);
    },
  );
});
