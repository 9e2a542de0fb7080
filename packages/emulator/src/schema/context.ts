import type { StoreData } from '../store-data.js';

/** What every resolver sees: the store and the application the token belongs to. */
export interface ResolverContext {
  data: StoreData;
  clientId: string;
  now(): number;
}
