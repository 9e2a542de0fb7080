import { createTokenProvider } from '@admin-api/auth';
import { createAdminClient, paginate } from '@admin-api/client';
import { GetMeDocument, ListProductsDocument } from './documents.js';

/** Where the emulator is and whose app this is; each runtime hands these over its own way. */
export interface RuntimeCredentials {
  authUrl: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/** What a runtime prints (or answers): enough to tell the calls reached the emulator. */
export interface RuntimeReport {
  endpoint: string;
  me: { id: string | null; name: string | null } | null;
  productCount: number;
  distinctProductIds: number;
  firstProductId: string | undefined;
  lastProductId: string | undefined;
}

/** Page size of the paginate check: 120 seeded products make three pages. */
export const PAGE_LIMIT = 50;

/** A typed `getMe()` and a `paginate` over every product, through a token provider. */
export async function runChecks(credentials: RuntimeCredentials): Promise<RuntimeReport> {
  const { authUrl, baseUrl, clientId, clientSecret } = credentials;
  const tokenProvider = createTokenProvider({ authUrl, clientId, clientSecret });
  const client = createAdminClient({ baseUrl, tokenProvider });
  const { me } = await client.request(GetMeDocument);
  const ids: string[] = [];
  for await (const product of paginate(
    client,
    ListProductsDocument,
    {},
    { select: (result) => result.listProduct, limit: PAGE_LIMIT },
  )) {
    ids.push(product.id);
  }
  return {
    endpoint: client.endpoint,
    me: me && { id: me.id, name: me.name },
    productCount: ids.length,
    distinctProductIds: new Set(ids).size,
    firstProductId: ids[0],
    lastProductId: ids.at(-1),
  };
}
