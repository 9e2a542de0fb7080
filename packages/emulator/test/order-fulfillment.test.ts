import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../src/index.js';
import { useAdminApi } from './helpers.js';

let clock = Date.UTC(2026, 10, 22);
const api = useAdminApi({ now: () => clock });

const ORDER_FIELDS = `id status orderPackageStatus updatedAt
  orderLineItems { id quantity status originalOrderLineItemId }
  orderPackages { id orderLineItemIds orderPackageFulfillStatus orderPackageNumber trackingInfo { trackingNumber cargoCompany } }`;
const FULFILL = `mutation($input: FulFillOrderInput!) { fulfillOrder(input: $input) { ${ORDER_FIELDS} } }`;
const UPDATE = `mutation($input: UpdateOrderPackageStatusInput!) { updateOrderPackageStatus(input: $input) { ${ORDER_FIELDS} } }`;

interface Order {
  id: string;
  orderPackageStatus: string;
  updatedAt: number;
  orderLineItems: {
    id: string;
    quantity: number;
    status: string;
    originalOrderLineItemId: string | null;
  }[];
  orderPackages: {
    id: string;
    orderLineItemIds: string[];
    orderPackageFulfillStatus: string;
    orderPackageNumber: string;
    trackingInfo: { trackingNumber: string; cargoCompany: string } | null;
  }[];
}

const orders = () => [...api.emulator().data.orders.values()];
const openOrder = (test: (order: OrderRecord) => boolean = () => true) => {
  const order = orders().find(
    (o) => o.orderPackageStatus === 'UNFULFILLED' && o.status === 'CREATED' && test(o),
  );
  if (!order) throw new Error('the fixtures have no such open order');
  return order;
};
const fulfill = async (input: Record<string, unknown>) =>
  (await api.data<{ fulfillOrder: Order }>(FULFILL, { input })).fulfillOrder;

describe('fulfillOrder', () => {
  it('packs every line into one package: the order is FULFILLED', async () => {
    const order = openOrder();
    clock += 1_000;
    const lines = order.orderLineItems.map((line) => ({
      orderLineItemId: line.id,
      quantity: line.quantity,
    }));
    const fulfilled = await fulfill({
      orderId: order.id,
      lines,
      trackingInfoDetail: { trackingNumber: '123456', cargoCompany: 'Aras Kargo' },
    });
    expect(fulfilled).toMatchObject({ orderPackageStatus: 'FULFILLED', updatedAt: clock });
    expect(fulfilled.orderLineItems.every((line) => line.status === 'FULFILLED')).toBe(true);
    expect(fulfilled.orderPackages).toEqual([
      {
        id: expect.any(String),
        orderLineItemIds: order.orderLineItems.map((line) => line.id),
        orderPackageFulfillStatus: 'FULFILLED',
        orderPackageNumber: `${order.orderNumber}-1`,
        trackingInfo: { trackingNumber: '123456', cargoCompany: 'Aras Kargo' },
      },
    ]);
  });

  it('splits a line fulfilled in part, and leaves the order PARTIALLY_FULFILLED', async () => {
    const order = openOrder((o) => o.orderLineItems.some((line) => line.quantity > 1));
    const line = order.orderLineItems.find(
      (l) => l.quantity > 1,
    ) as OrderRecord['orderLineItems'][0];
    const partial = await fulfill({
      orderId: order.id,
      markAsReadyForShipment: true,
      lines: [{ orderLineItemId: line.id, quantity: 1 }],
    });
    const split = partial.orderLineItems.find((l) => l.originalOrderLineItemId === line.id);
    expect(partial.orderLineItems.find((l) => l.id === line.id)).toMatchObject({
      quantity: line.quantity - 1,
      status: 'UNFULFILLED',
    });
    expect(split).toMatchObject({ quantity: 1, status: 'FULFILLED' });
    expect(partial.orderPackages[0]).toMatchObject({
      orderLineItemIds: [split?.id],
      orderPackageFulfillStatus: 'READY_FOR_SHIPMENT',
    });
    expect(partial.orderPackageStatus).toBe('PARTIALLY_READY_FOR_SHIPMENT');
  });

  it('refuses a line already in a package with ORDER_LINE_IS_ALREADY_PACKAGED', async () => {
    const order = openOrder();
    const lines = [
      { orderLineItemId: order.orderLineItems[0]?.id, quantity: order.orderLineItems[0]?.quantity },
    ];
    await fulfill({ orderId: order.id, lines });
    expect(await api.errorCodes(FULFILL, { input: { orderId: order.id, lines } })).toEqual([
      'ORDER_LINE_IS_ALREADY_PACKAGED',
    ]);
  });

  it('refuses a cancelled order with ORDER_NOT_ELIGIBLE_FOR_UPDATE, and changes nothing', async () => {
    const order = orders().find((o) => o.status === 'CANCELLED') as OrderRecord;
    const lines = [{ orderLineItemId: order.orderLineItems[0]?.id, quantity: 1 }];
    expect(await api.errorCodes(FULFILL, { input: { orderId: order.id, lines } })).toEqual([
      'ORDER_NOT_ELIGIBLE_FOR_UPDATE',
    ]);
    expect(api.emulator().data.orders.get(order.id)).toEqual(order);
    expect(api.emulator().stats.mutations).toEqual([]);
  });

  it('refuses unknown lines and quantities beyond the line with ARGUMENT_VALIDATION_ERROR', async () => {
    const order = openOrder();
    const [line] = order.orderLineItems;
    for (const lines of [
      [{ orderLineItemId: 'no-such-line', quantity: 1 }],
      [{ orderLineItemId: line?.id, quantity: (line?.quantity ?? 0) + 1 }],
    ]) {
      expect(await api.errorCodes(FULFILL, { input: { orderId: order.id, lines } })).toEqual([
        'ARGUMENT_VALIDATION_ERROR',
      ]);
    }
  });
});

describe('updateOrderPackageStatus', () => {
  it('delivers a package (the order is DELIVERED), or cancels it (its lines are open again)', async () => {
    const order = openOrder();
    const lines = order.orderLineItems.map((line) => ({
      orderLineItemId: line.id,
      quantity: line.quantity,
    }));
    const packageId = (await fulfill({ orderId: order.id, lines })).orderPackages[0]?.id;
    const { updateOrderPackageStatus: delivered } = await api.data<{
      updateOrderPackageStatus: Order;
    }>(UPDATE, { input: { orderId: order.id, packages: [{ packageId, status: 'DELIVERED' }] } });
    expect(delivered.orderPackageStatus).toBe('DELIVERED');
    expect(delivered.orderLineItems.every((line) => line.status === 'DELIVERED')).toBe(true);
    const { updateOrderPackageStatus: cancelled } = await api.data<{
      updateOrderPackageStatus: Order;
    }>(UPDATE, { input: { orderId: order.id, packages: [{ packageId, status: 'CANCELLED' }] } });
    expect(cancelled.orderPackageStatus).toBe('UNFULFILLED');
    expect(cancelled.orderLineItems.every((line) => line.status === 'UNFULFILLED')).toBe(true);
    expect(
      await api.errorCodes(UPDATE, {
        input: {
          orderId: order.id,
          packages: [{ packageId: 'no-such-package', status: 'DELIVERED' }],
        },
      }),
    ).toEqual(['ARGUMENT_VALIDATION_ERROR']);
  });
});
