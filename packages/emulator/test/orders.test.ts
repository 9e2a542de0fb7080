import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../src/index.js';
import { useAdminApi } from './helpers.js';

const api = useAdminApi();

const LIST = `query($status: OrderStatusEnumInputFilter, $orderedAt: DateFilterInput, $customerId: StringFilterInput,
  $orderNumber: StringFilterInput, $search: String, $sort: String, $orderTagIds: StringFilterInput) {
  listOrder(status: $status, orderedAt: $orderedAt, customerId: $customerId, orderNumber: $orderNumber,
    search: $search, sort: $sort, orderTagIds: $orderTagIds, pagination: { limit: 200 }) {
    count data { id orderNumber status orderedAt }
  }
}`;

interface Listed {
  listOrder: {
    count: number;
    data: { id: string; orderNumber: string; status: string; orderedAt: number }[];
  };
}

const list = async (variables: Record<string, unknown>) =>
  (await api.data<Listed>(LIST, variables)).listOrder;
const orders = () => [...api.emulator().data.orders.values()];
const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe('listOrder', () => {
  it('filters by status, orderedAt range, customerId and orderNumber', async () => {
    const cancelled = orders().filter((o) => o.status === 'CANCELLED');
    expect(cancelled.length).toBeGreaterThan(0);
    expect(ids((await list({ status: { eq: 'CANCELLED' } })).data)).toEqual(ids(cancelled));
    expect((await list({ status: { nin: ['CANCELLED', 'REFUNDED'] } })).count).toBe(
      orders().filter((o) => !['CANCELLED', 'REFUNDED'].includes(o.status)).length,
    );
    const middle = (orders()[30] as OrderRecord).orderedAt ?? 0;
    const late = orders().filter((o) => (o.orderedAt ?? 0) > middle);
    expect(ids((await list({ orderedAt: { gt: middle } })).data)).toEqual(ids(late));
    const withCustomer = orders().find((o) => o.customerId !== null) as OrderRecord;
    const theirs = orders().filter((o) => o.customerId === withCustomer.customerId);
    expect(ids((await list({ customerId: { eq: withCustomer.customerId } })).data)).toEqual(
      ids(theirs),
    );
    expect((await list({ orderNumber: { eq: '1042' } })).data.map((o) => o.orderNumber)).toEqual([
      '1042',
    ]);
  });

  it("searches order numbers and customers' names and emails", async () => {
    const order = orders().find((o) => o.customerId !== null) as OrderRecord;
    const email = (order.customer as { email: string }).email;
    const byEmail = orders().filter(
      (o) => (o.customer as { email?: string } | null)?.email === email,
    );
    expect(ids((await list({ search: email.toUpperCase() })).data)).toEqual(ids(byEmail));
    expect((await list({ search: '1007' })).data.map((o) => o.orderNumber)).toEqual(['1007']);
  });

  it('sorts by orderedAt both ways (any scalar field: the description names none)', async () => {
    const newest = (await list({ sort: '-orderedAt' })).data.map((o) => o.orderNumber);
    const oldest = (await list({ sort: 'orderedAt' })).data.map((o) => o.orderNumber);
    expect(oldest[0]).toBe('1001');
    expect(newest).toEqual([...oldest].reverse());
    expect(await api.errorCodes(LIST, { sort: 'customer' })).toEqual(['ARGUMENT_VALIDATION_ERROR']);
  });
});

describe('addOrderTag and removeOrderTag', () => {
  const ADD = 'mutation($input: UpdateOrderTagInput!) { addOrderTag(input: $input) }';
  const REMOVE = 'mutation($input: UpdateOrderTagInput!) { removeOrderTag(input: $input) }';

  it('add a known tag once and remove it; unknown orders or tags fail validation', async () => {
    const order = orders().find((o) => (o.orderTagIds ?? []).length === 0) as OrderRecord;
    const [tag] = api.emulator().data.orderTags.values();
    const input = { orderId: order.id, orderTagId: tag?.id };
    expect(await api.data(ADD, { input })).toEqual({ addOrderTag: true });
    expect(await api.data(ADD, { input })).toEqual({ addOrderTag: true });
    expect(ids((await list({ orderTagIds: { eq: tag?.id } })).data)).toContain(order.id);
    expect(api.emulator().data.orders.get(order.id)?.orderTagIds).toEqual([tag?.id]);
    expect(await api.data(REMOVE, { input })).toEqual({ removeOrderTag: true });
    expect(api.emulator().data.orders.get(order.id)?.orderTagIds).toEqual([]);
    expect(await api.errorCodes(ADD, { input: { ...input, orderTagId: 'no-such-tag' } })).toEqual([
      'ARGUMENT_VALIDATION_ERROR',
    ]);
    expect(await api.errorCodes(ADD, { input: { ...input, orderId: 'no-such-order' } })).toEqual([
      'ARGUMENT_VALIDATION_ERROR',
    ]);
  });
});
