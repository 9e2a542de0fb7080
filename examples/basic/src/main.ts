import { paginate } from '@admin-api/client';
import { connect } from './connection.js';
import { GetMe, ListProducts } from './documents.js';

async function main(): Promise<void> {
  const { client, source, close } = await connect();
  try {
    if (source === 'emulator') {
      console.log(
        'No ADMIN_API_* variables set: using the embedded emulator (see .env.example for a real store).',
      );
    }
    console.log(`GraphQL endpoint: ${client.endpoint}\n`);

    const { me } = await client.request(GetMe);
    console.log(
      `✔ me        ${me.name} (${me.id}) on ${me.storeName}; scopes ${me.scopes.join(', ')}`,
    );

    let count = 0;
    let stock = 0;
    for await (const product of paginate(
      client,
      ListProducts,
      {},
      { select: (r) => r.listProduct, limit: 50 },
    )) {
      count++;
      stock += product.totalStock;
    }
    console.log(`✔ products  ${count} listed page by page, ${stock} units in stock`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(`✘ ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  process.exitCode = 1;
});
