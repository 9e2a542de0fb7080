import type { WebhookEvent } from '@admin-api/app';
import { describe, expect, it } from 'vitest';
import {
  createLatestEvents,
  describeEvent,
  EVENTS_KEPT,
  MERCHANTS_KEPT,
} from '../src/latest-events.js';

const RECEIVED_AT = Date.UTC(2030, 0, 2, 3, 4, 5);

/** A delivery as the handler hands it over; `data` as sent, which is not checked field by field. */
const event = (scope: string, data: Record<string, unknown>, extra: object = {}): WebhookEvent =>
  ({
    id: `delivery-${Math.random()}`,
    scope,
    createdAt: '2030-01-01T10:00:00.000Z',
    merchantId: 'merchant-1',
    authorizedAppId: 'app-1',
    data,
    ...extra,
  }) as WebhookEvent;

describe('describeEvent', () => {
  it('names a product by its name, an order by its number and a customer by first and last name', () => {
    const rows = [
      event('store/product/created', { id: 'p1', name: ' Lamp ' }),
      event('store/order/updated', { id: 'o1', orderNumber: '1001' }),
      event('store/customer/created', { id: 'c1', firstName: 'Ada', lastName: 'Lovelace' }),
    ].map((each) => describeEvent(each, RECEIVED_AT));
    expect(rows).toEqual([
      {
        scope: 'store/product/created',
        recordId: 'p1',
        recordName: 'Lamp',
        at: '2030-01-01T10:00:00.000Z',
      },
      {
        scope: 'store/order/updated',
        recordId: 'o1',
        recordName: '1001',
        at: '2030-01-01T10:00:00.000Z',
      },
      {
        scope: 'store/customer/created',
        recordId: 'c1',
        recordName: 'Ada Lovelace',
        at: '2030-01-01T10:00:00.000Z',
      },
    ]);
  });

  it('keeps only text from data: an object for a name, or an id that is not a string, is left out', () => {
    const row = describeEvent(
      event('store/product/updated', { id: { $ne: null }, name: ['<b>x</b>'] }),
      RECEIVED_AT,
    );
    expect(row).toMatchObject({ recordId: undefined, recordName: undefined });
  });

  it('dates an event by when it arrived when its createdAt is missing or not a date', () => {
    const missing = describeEvent(
      event('store/app/deleted', { id: 'a1' }, { createdAt: undefined }),
      RECEIVED_AT,
    );
    const garbled = describeEvent(
      event('store/app/deleted', { id: 'a1' }, { createdAt: 'yesterday-ish' }),
      RECEIVED_AT,
    );
    expect(missing.at).toBe(new Date(RECEIVED_AT).toISOString());
    expect(garbled.at).toBe(new Date(RECEIVED_AT).toISOString());
  });
});

describe('createLatestEvents', () => {
  it('lists a merchant’s latest events newest first, and only the last EVENTS_KEPT of them', () => {
    const events = createLatestEvents(() => RECEIVED_AT);
    for (let i = 1; i <= EVENTS_KEPT + 5; i++) {
      events.add(event('store/product/updated', { id: `p${i}`, name: `Product ${i}` }));
    }
    events.add(
      event('store/product/created', { id: 'other', name: 'Other' }, { merchantId: 'm2' }),
    );
    const rows = events.of('merchant-1');
    expect(rows).toHaveLength(EVENTS_KEPT);
    expect(rows[0]?.recordId).toBe(`p${EVENTS_KEPT + 5}`);
    expect(rows.at(-1)?.recordId).toBe('p6');
    expect(events.of('m2').map((row) => row.recordId)).toEqual(['other']);
    expect(events.of('unknown')).toEqual([]);
  });

  it('keeps MERCHANTS_KEPT merchants: the one that heard nothing the longest is dropped first', () => {
    const events = createLatestEvents(() => RECEIVED_AT);
    for (let i = 0; i <= MERCHANTS_KEPT; i++) {
      events.add(event('store/order/created', { id: `o${i}` }, { merchantId: `m${i}` }));
      // m0 hears again just before the last merchant arrives, so m1 is the oldest.
      if (i === MERCHANTS_KEPT - 1)
        events.add(event('store/order/updated', { id: 'o0' }, { merchantId: 'm0' }));
    }
    expect(events.of('m0')).toHaveLength(2);
    expect(events.of('m1')).toEqual([]);
    expect(events.of(`m${MERCHANTS_KEPT}`)).toHaveLength(1);
  });

  it('keeps no event that names no merchant', () => {
    const events = createLatestEvents(() => RECEIVED_AT);
    events.add(event('store/product/created', { id: 'p1' }, { merchantId: undefined }));
    expect(events.of('')).toEqual([]);
    expect(events.of('undefined')).toEqual([]);
  });
});
