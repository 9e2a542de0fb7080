import { paginate } from '@admin-api/client';
import { connect } from './connection.js';
import {
  describeApp,
  describeOrder,
  describeStock,
  describeTotals,
  describeVariants,
  report,
} from './format.js';
import {
  getSdk,
  ListOrdersDocument,
  ListProductsDocument,
  type OrderStatusEnum,
  type OrderSummaryFragment,
  type ProductSummaryFragment,
} from './generated/admin-api.js';

const DAY_MS = 86_400_000;
const PAGE_SIZE = 50;

async function main(): Promise<void> {
  const { client, source, close } = await connect();
  try {
    if (source === 'emulator') {
      console.log(
        'No ADMIN_API_* variables set: using the embedded emulator (see .env.example for a real store).',
      );
    }
    console.log(`GraphQL endpoint: ${client.endpoint}\n`);
    const sdk = getSdk(client);

    const { me } = await sdk.getMe();
    report('getMe()', describeApp(me));

    // Every product, by name, one request per page.
    const products: ProductSummaryFragment[] = [];
    let pages = 0;
    for await (const product of paginate(
      client,
      ListProductsDocument,
      { sort: 'name' },
      {
        select: (result) => {
          pages++;
          return result.listProduct;
        },
        limit: PAGE_SIZE,
      },
    )) {
      products.push(product);
    }
    report(
      'listProducts()',
      `${products.length} products in ${pages} pages of ${PAGE_SIZE}, by name; ${describeStock(products)}`,
    );

    // A StringFilterInput: the products that have either of the first two SKUs.
    const skus = products.flatMap((p) => p.variants.flatMap((v) => (v.sku ? [v.sku] : [])));
    const wanted = skus.slice(0, 2);
    if (wanted.length > 0) {
      const { listProduct } = await sdk.listProducts({ sku: { in: wanted } });
      const names = listProduct.data.map((product) => product.name).join(', ');
      report('listProducts()', `${listProduct.count} with SKU ${wanted.join(' or ')}: ${names}`);
    }

    // A list-of-enum variable: the orders cancelled or refunded in the last 30 days.
    const statuses: OrderStatusEnum[] = ['CANCELLED', 'REFUNDED'];
    const orders: OrderSummaryFragment[] = [];
    for await (const order of paginate(
      client,
      ListOrdersDocument,
      { statuses, orderedAt: { gte: Date.now() - 30 * DAY_MS } },
      { select: (result) => result.listOrder },
    )) {
      orders.push(order);
    }
    const newest = orders.reduce<OrderSummaryFragment | undefined>(
      (latest, order) => ((order.orderedAt ?? 0) > (latest?.orderedAt ?? 0) ? order : latest),
      undefined,
    );
    report(
      'listOrders()',
      `${orders.length} orders ${statuses.join(' or ')} in the last 30 days, ${describeTotals(orders)} in all` +
        (newest ? `; latest ${describeOrder(newest)}` : ''),
    );

    const { listCustomer } = await sdk.listCustomers({
      sort: '-updatedAt',
      pagination: { limit: 3 },
    });
    const recent = listCustomer.data.map((c) => c.fullName ?? c.email ?? c.id).join(', ');
    report('listCustomers()', `${listCustomer.count} customers; updated last: ${recent}`);

    if (source === 'emulator') {
      const { saveProduct } = await sdk.saveProduct({
        input: {
          name: 'Kit Demo Kupa',
          type: 'PHYSICAL',
          variants: [{ sku: 'KIT-DEMO-1', prices: [{ sellPrice: 149.9, currency: 'TRY' }] }],
        },
      });
      const created =
        saveProduct.createdAt === null
          ? 'no creation time'
          : new Date(saveProduct.createdAt).toISOString();
      report(
        'saveProduct()',
        `created ${saveProduct.id} "${saveProduct.name}" at ${created}; ${describeVariants(saveProduct)}`,
      );
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(`✘ ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  process.exitCode = 1;
});
