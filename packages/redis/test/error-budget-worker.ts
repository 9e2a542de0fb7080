/**
 * One process of an app whose own code loops on a failing mutation beside its normal calls, for
 * the fleet's error-budget test: `steps` times, a good query and the bad call, `stepMs` apart.
 * Prints its tally as one JSON line and exits.
 */
import { createAdminClient, ErrorBudgetError, type ErrorBudgetOptions } from '@admin-api/client';
import { createRedisFleet } from '../src/index.js';

export interface ErrorBudgetWorkerOptions {
  redisUrl: string;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  errorBudget: ErrorBudgetOptions | false;
  /** `same`: one invalid request again and again; `ids`: another bad id each time. */
  bad: 'same' | 'ids';
  steps: number;
  stepMs: number;
}

export interface ErrorBudgetWorkerTally {
  good: number;
  goodFailed: string[];
  badFailed: number;
  refused: Record<string, number>;
}

const options = JSON.parse(process.argv[2] ?? '{}') as ErrorBudgetWorkerOptions;
// Pacing is not what this test is about: a budget no loop reaches.
const fleet = createRedisFleet(
  { url: options.redisUrl },
  { rateLimit: { limit: 10_000, windowMs: 1_000 } },
);
const client = createAdminClient({
  baseUrl: options.baseUrl,
  authUrl: options.authUrl,
  clientId: options.clientId,
  clientSecret: options.clientSecret,
  fleet,
  errorBudget: options.errorBudget,
  retry: false,
});
const tally: ErrorBudgetWorkerTally = { good: 0, goodFailed: [], badFailed: 0, refused: {} };
const BAD_SAME = 'mutation DeleteMissing { deleteProductList(idList: ["no-such-product"]) }';
const BAD_IDS = 'mutation DeleteIds($ids: [String!]!) { deleteProductList(idList: $ids) }';

for (let step = 0; step < options.steps; step++) {
  await client.request('query GetMe { me { id } }').then(
    () => tally.good++,
    (error: { code?: string }) => tally.goodFailed.push(String(error.code)),
  );
  const bad =
    options.bad === 'same'
      ? client.request(BAD_SAME)
      : client.request(BAD_IDS, { ids: [`missing-${process.pid}-${step}`] });
  await bad.then(
    () => {
      throw new Error('the bad call succeeded');
    },
    (error: unknown) => {
      if (error instanceof ErrorBudgetError) {
        tally.refused[error.rule] = (tally.refused[error.rule] ?? 0) + 1;
      } else {
        tally.badFailed++;
      }
    },
  );
  await new Promise((resolve) => setTimeout(resolve, options.stepMs));
}
await fleet.close();
process.stdout.write(`${JSON.stringify(tally)}\n`);
