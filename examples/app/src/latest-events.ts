// The latest webhook events of each store, in this process's memory, for the launch page. A real
// app writes what it needs to its database; the page only shows that events arrive.
import type { WebhookEvent } from '@admin-api/app';

/** How many events the page keeps per store. */
export const EVENTS_KEPT = 20;
/**
 * How many stores' events one process keeps. `merchantId` travels beside the signed `data`, so
 * a replayed delivery may name any merchant: without a bound, the map would grow with each.
 */
export const MERCHANTS_KEPT = 1_000;
/** Longest text shown for a record's id or name: `data` is the store's, shown as sent but capped. */
const MAX_TEXT = 120;

/** One event as the page lists it. */
export interface EventRow {
  readonly scope: string;
  /** The record's `id` in `data`, when it has one. */
  readonly recordId: string | undefined;
  /** A product's or customer's name, an order's number; `undefined` for other records. */
  readonly recordName: string | undefined;
  /** ISO 8601, UTC: the delivery's `createdAt`, or when it arrived if that is missing or not a date. */
  readonly at: string;
}

/** The latest events, per store's merchant. */
export interface LatestEvents {
  /** Keeps the event under its `merchantId`; an event without one is not kept. */
  add(event: WebhookEvent): void;
  /** The merchant's latest events, newest first. */
  of(merchantId: string): readonly EventRow[];
}

/** An empty list per merchant, bounded to {@link EVENTS_KEPT} events and {@link MERCHANTS_KEPT} merchants. */
export function createLatestEvents(now: () => number = Date.now): LatestEvents {
  const byMerchant = new Map<string, EventRow[]>();
  return {
    add(event) {
      const { merchantId } = event;
      if (merchantId === undefined) return;
      const rows = byMerchant.get(merchantId) ?? [];
      // A Map keeps insertion order: taken out and put back, the merchant becomes the newest.
      byMerchant.delete(merchantId);
      byMerchant.set(merchantId, [describeEvent(event, now()), ...rows].slice(0, EVENTS_KEPT));
      if (byMerchant.size > MERCHANTS_KEPT) {
        const oldest = byMerchant.keys().next().value;
        if (oldest !== undefined) byMerchant.delete(oldest);
      }
    },
    of: (merchantId) => byMerchant.get(merchantId) ?? [],
  };
}

/**
 * What the page shows of an event. `data` is typed by scope but not checked field by field, so
 * every field is read as unknown and kept only when it is text (or a number).
 */
export function describeEvent(event: WebhookEvent, receivedAt: number): EventRow {
  const data = event.data as Record<string, unknown>;
  let recordName: string | undefined;
  switch (event.scope) {
    case 'store/product/created':
    case 'store/product/updated':
    case 'store/product/deleted':
      recordName = text(data.name);
      break;
    case 'store/order/created':
    case 'store/order/updated':
      recordName = text(data.orderNumber);
      break;
    case 'store/customer/created':
    case 'store/customer/updated':
    case 'store/customer/statusUpdated':
      recordName =
        text(data.fullName) ??
        text([text(data.firstName), text(data.lastName)].filter(Boolean).join(' ')) ??
        text(data.email);
      break;
    default:
      recordName = undefined;
  }
  const createdAt = event.createdAt === undefined ? Number.NaN : Date.parse(event.createdAt);
  return {
    scope: event.scope,
    recordId: text(data.id),
    recordName,
    at: new Date(Number.isFinite(createdAt) ? createdAt : receivedAt).toISOString(),
  };
}

/** A string (trimmed, capped) or a number as text; `undefined` for anything else or empty. */
function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, MAX_TEXT);
}
