import { describe, expect, it } from 'vitest';
import type { CustomerRecord } from '../src/index.js';
import { useAdminApi } from './helpers.js';

let clock = Date.UTC(2026, 10, 22);
const api = useAdminApi({ now: () => clock });

const LIST = `query($pagination: PaginationInput, $email: StringFilterInput, $search: String, $sort: String, $updatedAt: DateFilterInput) {
  listCustomer(pagination: $pagination, email: $email, search: $search, sort: $sort, updatedAt: $updatedAt) {
    count hasNext data { id firstName lastName email updatedAt }
  }
}`;

interface Listed {
  listCustomer: {
    count: number;
    hasNext: boolean;
    data: { id: string; firstName: string; email: string; updatedAt: number }[];
  };
}

const list = async (variables: Record<string, unknown>) =>
  (await api.data<Listed>(LIST, variables)).listCustomer;
const customers = () => [...api.emulator().data.customers.values()];

describe('listCustomer', () => {
  it('filters by email and by a date range, and pages', async () => {
    const [customer] = customers() as [CustomerRecord];
    expect((await list({ email: { eq: customer.email } })).data.map((c) => c.id)).toEqual([
      customer.id,
    ]);
    const since = Math.min(...customers().map((c) => c.updatedAt ?? 0)) + 1;
    const recent = customers().filter((c) => (c.updatedAt ?? 0) >= since);
    expect((await list({ updatedAt: { gte: since } })).count).toBe(recent.length);
    expect(await list({ pagination: { limit: 10, page: 3 } })).toMatchObject({
      count: 30,
      hasNext: false,
    });
  });

  it('searches first name, last name, email and phone', async () => {
    const customer = customers()[4] as CustomerRecord;
    const matches = (needle: string) =>
      customers()
        .filter((c) =>
          [c.firstName, c.lastName, c.email, c.phone].some((value) =>
            value?.toLocaleLowerCase('tr').includes(needle.toLocaleLowerCase('tr')),
          ),
        )
        .map((c) => c.id);
    for (const needle of [customer.lastName ?? '', customer.phone ?? '', 'EXAMPLE.COM']) {
      expect((await list({ search: needle })).data.map((c) => c.id)).toEqual(matches(needle));
    }
  });

  it('sorts by updatedAt, the one sortable field, both ways', async () => {
    const ascending = (await list({ sort: 'updatedAt' })).data.map((c) => c.updatedAt);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = (await list({ sort: '-updatedAt' })).data.map((c) => c.updatedAt);
    expect(descending).toEqual([...ascending].reverse());
    expect(await api.errorCodes(LIST, { sort: 'firstName' })).toEqual([
      'ARGUMENT_VALIDATION_ERROR',
    ]);
  });
});

describe('saveCustomer and deleteCustomerList', () => {
  const SAVE = `mutation($input: CustomerInput!) {
    saveCustomer(input: $input) { id firstName lastName fullName email createdAt updatedAt orderCount addresses { id title city { name } isDefault } }
  }`;

  it('creates without an id, updates with one (keeping the order totals), deletes', async () => {
    const { saveCustomer: created } = await api.data<{ saveCustomer: CustomerRecord }>(SAVE, {
      input: {
        firstName: 'Derya',
        lastName: 'Aksoy',
        email: 'derya@example.com',
        addresses: [
          {
            title: 'İş',
            firstName: 'Derya',
            lastName: 'Aksoy',
            addressLine1: 'Cumhuriyet Caddesi No: 1',
            city: { name: 'İzmir' },
            country: { name: 'Türkiye' },
            postalCode: '35220',
          },
        ],
      },
    });
    expect(created).toMatchObject({
      fullName: 'Derya Aksoy',
      createdAt: clock,
      orderCount: null,
      addresses: [{ title: 'İş', city: { name: 'İzmir' }, isDefault: false }],
    });
    const existing = customers().find((c) => Number(c.orderCount) > 0) as CustomerRecord;
    clock += 1_000;
    const { saveCustomer: updated } = await api.data<{ saveCustomer: CustomerRecord }>(SAVE, {
      input: { id: existing.id, firstName: 'Yeni', email: existing.email },
    });
    expect(updated).toMatchObject({
      id: existing.id,
      firstName: 'Yeni',
      lastName: null,
      createdAt: existing.createdAt,
      updatedAt: clock,
      orderCount: existing.orderCount,
    });
    const remove = 'mutation($ids: [String!]!) { deleteCustomerList(idList: $ids) }';
    await api.data(remove, { ids: [created.id] });
    expect((await list({ email: { eq: 'derya@example.com' } })).count).toBe(0);
  });
});
