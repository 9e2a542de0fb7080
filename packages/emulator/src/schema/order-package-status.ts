import type { OrderLineRecord, OrderPackageRecord, PackageFulfillStatus } from '../store-data.js';

/** Line statuses that leave a line out of fulfilment. */
const CLOSED_LINE_STATUSES = new Set(['CANCELLED', 'REFUNDED']);

/** The lines and packages an order's package status follows from. */
export interface PackagedOrder {
  readonly orderLineItems: readonly OrderLineRecord[];
  readonly orderPackages: readonly OrderPackageRecord[] | null;
  readonly orderPackageStatus: string | null;
}

/** Packages that hold their lines: not deleted, not cancelled. */
export function livePackages(order: PackagedOrder): OrderPackageRecord[] {
  return (order.orderPackages ?? []).filter(
    (pkg) => !pkg.deleted && pkg.orderPackageFulfillStatus !== 'CANCELLED',
  );
}

/**
 * `Order.orderPackageStatus` from its open lines and live packages: UNFULFILLED until a line is
 * packaged, then FULFILLED, READY_FOR_SHIPMENT or DELIVERED (PARTIALLY_… while open lines are
 * left unpackaged, or only some packages are delivered). An order with no open line keeps its
 * status (CANCELLED, REFUNDED).
 */
export function orderPackageStatus(order: PackagedOrder): string | null {
  const open = order.orderLineItems.filter((line) => !CLOSED_LINE_STATUSES.has(line.status));
  if (open.length === 0) return order.orderPackageStatus;
  const packages = livePackages(order);
  const packaged = new Set(packages.flatMap((pkg) => pkg.orderLineItemIds));
  const waiting = open.filter((line) => !packaged.has(line.id)).length;
  if (waiting === open.length) return 'UNFULFILLED';
  const statuses = packages.map((pkg) => pkg.orderPackageFulfillStatus);
  const all = (status: PackageFulfillStatus) => statuses.every((s) => s === status);
  const partly = waiting > 0 ? 'PARTIALLY_' : '';
  if (all('DELIVERED')) return `${partly}DELIVERED`;
  if (statuses.includes('DELIVERED')) return 'PARTIALLY_DELIVERED';
  if (all('READY_FOR_SHIPMENT')) return `${partly}READY_FOR_SHIPMENT`;
  return `${partly}FULFILLED`;
}
