import { paginate } from '@admin-api/client';
import { connect } from './connection.js';
import { getSdk, ListProductsDocument } from './generated/admin-api.js';

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
    console.log(
      `✔ getMe()         ${me.name} (${me.id}) on ${me.storeName}; scopes ${me.scopes.join(', ')}`,
    );

    let count = 0;
    let stock = 0;
    for await (const product of paginate(
      client,
      ListProductsDocument,
      { type: ['PHYSICAL'] },
      { select: (r) => r.listProduct, limit: 50 },
    )) {
      count++;
      stock += product.totalStock;
    }
    console.log(
      `✔ listProducts()  ${count} physical products, page by page; ${stock} units in stock`,
    );

    if (source === 'emulator') {
      const { saveProduct } = await sdk.saveProduct({
        input: {
          name: 'Kit Demo Mug',
          type: 'PHYSICAL',
          variants: [{ prices: [{ sellPrice: 129.9, currency: 'TRY' }] }],
        },
      });
      console.log(
        `✔ saveProduct()   created ${saveProduct.id} "${saveProduct.name}" at ${new Date(saveProduct.createdAt).toISOString()}`,
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
