// One process of the pool: a client of the shared app, paging through the catalogue.
import { createAdminClientFromEnv } from '@admin-api/client';
import { createRedisFleet } from '@admin-api/redis';

/** What a worker reports to the pool when it is done. */
export interface WorkerReport {
  pid: number;
  requests: number;
  rateLimited: number;
  tokenRequests: number;
  products: number;
  fleetEvents: string[];
}

const LIST_PRODUCTS = /* GraphQL */ `query ListProducts($page: Int!) {
  listProduct(pagination: { page: $page, limit: 10 }) { count hasNext data { id name } }
}`;
type ListProducts = { listProduct: { hasNext: boolean; data: { id: string; name: string }[] } };

const calls = Number(process.env.FLEET_CALLS ?? 10);
const report: WorkerReport = {
  pid: process.pid,
  requests: 0,
  rateLimited: 0,
  tokenRequests: 0,
  products: 0,
  fleetEvents: [],
};

const fleet = createRedisFleet({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
const client = createAdminClientFromEnv({
  fleet,
  onEvent(event) {
    if (event.type === 'graphql_request') report.requests++;
    if (event.type === 'graphql_response' && event.status === 429) report.rateLimited++;
    if (event.type === 'token_request') report.tokenRequests++;
    if (event.type.startsWith('fleet_')) report.fleetEvents.push(event.type);
  },
});

try {
  for (let page = 1; page <= calls; page++) {
    const { listProduct } = await client.request<ListProducts>(LIST_PRODUCTS, { page });
    report.products += listProduct.data.length;
  }
} finally {
  await fleet.close();
}
process.send?.(report);
