import { assertObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createStoreData } from '../src/fixtures/create-store-data.js';
import { adminApiSchema, type StoreData } from '../src/index.js';

const START = Date.UTC(2026, 10, 22);
const snapshot = (data: StoreData) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(data).map(([key, value]) => [key, value instanceof Map ? [...value] : value]),
    ),
  );
const fieldsOf = (typeName: string) =>
  Object.keys(assertObjectType(adminApiSchema().getType(typeName)).getFields()).sort();

describe('seeded fixtures', () => {
  it('are the same for the same seed and start, and differ for another seed', () => {
    const data = createStoreData({}, START);
    expect(snapshot(createStoreData({ seed: 1 }, START))).toBe(snapshot(data));
    expect(snapshot(createStoreData({ seed: 2 }, START))).not.toBe(snapshot(data));
  });

  it('have the sizes asked for: 120 products, 30 customers and 60 orders by default', () => {
    const data = createStoreData({}, START);
    expect([data.products.size, data.customers.size, data.orders.size]).toEqual([120, 30, 60]);
    const small = createStoreData({ products: 3, customers: 2, orders: 1 }, START);
    expect([small.products.size, small.customers.size, small.orders.size]).toEqual([3, 2, 1]);
  });

  it('hold every field of their GraphQL types', () => {
    const data = createStoreData({}, START);
    const samples: [string, object | undefined][] = [
      ['Product', data.products.values().next().value],
      ['Variant', data.products.values().next().value?.variants[0]],
      ['Customer', data.customers.values().next().value],
      ['Order', data.orders.values().next().value],
      ['Category', data.categories.values().next().value],
      ['MeResponse', data.app],
      ['MerchantResponse', data.merchant],
    ];
    for (const [typeName, record] of samples) {
      expect(Object.keys(record ?? {}).sort(), typeName).toEqual(fieldsOf(typeName));
    }
  });

  it('are dated before the start, in epoch milliseconds', () => {
    const data = createStoreData({}, START);
    const stamps = [...data.products.values(), ...data.customers.values(), ...data.orders.values()]
      .flatMap((record) => [record.createdAt, record.updatedAt])
      .filter((stamp) => stamp !== null);
    expect(stamps.length).toBeGreaterThan(400);
    for (const stamp of stamps) {
      expect(Number.isInteger(stamp) && (stamp as number) <= START).toBe(true);
    }
    const orderedAt = [...data.orders.values()].map((order) => order.orderedAt ?? 0);
    expect(Math.max(...orderedAt)).toBeLessThan(START);
    expect(Math.min(...orderedAt)).toBeGreaterThanOrEqual(START - 60 * 86_400_000);
  });

  it('have orders in every state: open, shipped, delivered, cancelled and refunded', () => {
    const data = createStoreData({}, START);
    const states = new Set(
      [...data.orders.values()].map((o) => `${o.status}/${o.orderPackageStatus}`),
    );
    expect([...states].sort()).toEqual([
      'CANCELLED/CANCELLED',
      'CREATED/DELIVERED',
      'CREATED/FULFILLED',
      'CREATED/UNFULFILLED',
      'REFUNDED/REFUNDED',
    ]);
  });

  it('give each customer the count, total and dates of exactly its own orders', () => {
    const data = createStoreData({ seed: 3, customers: 40, orders: 30 }, START);
    let withOrders = 0;
    for (const customer of data.customers.values()) {
      const own = [...data.orders.values()].filter((order) => order.customerId === customer.id);
      const dates = own.map((order) => order.orderedAt ?? 0);
      const total = own.reduce((sum, order) => sum + Number(order.totalFinalPrice), 0);
      if (own.length > 0) withOrders++;
      expect(customer).toMatchObject({
        orderCount: own.length,
        totalOrderPrice: Math.round(total * 100) / 100,
        firstOrderDate: own.length > 0 ? Math.min(...dates) : null,
        lastOrderDate: own.length > 0 ? Math.max(...dates) : null,
        updatedAt: Math.max(customer.createdAt ?? 0, ...dates),
      });
    }
    // Both kinds are there: customers with orders and without.
    expect(withOrders).toBeGreaterThan(0);
    expect(withOrders).toBeLessThan(data.customers.size);
  });
});
