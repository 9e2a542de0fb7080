import { describe, expect, it } from 'vitest';
import type { OrderLineRecord, OrderPackageRecord, PackageFulfillStatus } from '../src/index.js';
import { orderPackageStatus } from '../src/schema/order-package-status.js';

const line = (id: string, status = 'UNFULFILLED') =>
  ({
    id,
    quantity: 1,
    status,
    statusUpdatedAt: null,
    updatedAt: null,
    originalOrderLineItemId: null,
  }) as OrderLineRecord;
const pkg = (lineIds: string[], status: PackageFulfillStatus, deleted = false) =>
  ({
    id: `p-${lineIds.join('-')}`,
    orderLineItemIds: lineIds,
    orderPackageFulfillStatus: status,
    orderPackageNumber: '1001-1',
    stockLocationId: 'loc',
    deleted,
    createdAt: null,
    updatedAt: null,
  }) as OrderPackageRecord;
const status = (
  lines: OrderLineRecord[],
  packages: OrderPackageRecord[],
  current: string | null = null,
) =>
  orderPackageStatus({
    orderLineItems: lines,
    orderPackages: packages,
    orderPackageStatus: current,
  });

describe('orderPackageStatus', () => {
  it('is UNFULFILLED while no open line is in a live package', () => {
    expect(status([line('a'), line('b')], [])).toBe('UNFULFILLED');
    expect(status([line('a')], [pkg(['a'], 'CANCELLED'), pkg(['a'], 'FULFILLED', true)])).toBe(
      'UNFULFILLED',
    );
  });

  it('is FULFILLED, READY_FOR_SHIPMENT or DELIVERED when every open line is packaged', () => {
    expect(
      status([line('a'), line('b')], [pkg(['a'], 'FULFILLED'), pkg(['b'], 'READY_FOR_SHIPMENT')]),
    ).toBe('FULFILLED');
    expect(status([line('a')], [pkg(['a'], 'READY_FOR_SHIPMENT')])).toBe('READY_FOR_SHIPMENT');
    expect(status([line('a'), line('x', 'CANCELLED')], [pkg(['a'], 'DELIVERED')])).toBe(
      'DELIVERED',
    );
  });

  it('is PARTIALLY_… while open lines wait, or only some packages are delivered', () => {
    expect(status([line('a'), line('b')], [pkg(['a'], 'FULFILLED')])).toBe('PARTIALLY_FULFILLED');
    expect(status([line('a'), line('b')], [pkg(['a'], 'DELIVERED')])).toBe('PARTIALLY_DELIVERED');
    expect(status([line('a'), line('b')], [pkg(['a'], 'DELIVERED'), pkg(['b'], 'FULFILLED')])).toBe(
      'PARTIALLY_DELIVERED',
    );
    expect(status([line('a'), line('b')], [pkg(['a'], 'READY_FOR_SHIPMENT')])).toBe(
      'PARTIALLY_READY_FOR_SHIPMENT',
    );
  });

  it('keeps the status of an order with no open line', () => {
    expect(status([line('a', 'CANCELLED')], [], 'CANCELLED')).toBe('CANCELLED');
  });
});
