/** The scopes a public app may ask a merchant for, with what the authorize page says of each. */
export const APP_SCOPES = {
  read_products: 'Read products, categories and tags',
  write_products: 'Create, change and delete products, categories and tags',
  read_orders: 'Read orders',
  write_orders: 'Change orders: fulfil, tag, update packages',
  read_customers: 'Read customers',
  write_customers: 'Create, change and delete customers',
  read_campaigns: 'Read campaigns',
  write_campaigns: 'Create, change and delete campaigns',
  read_inventories: 'Read stock and prices',
  write_inventories: 'Change stock and prices',
} as const satisfies Record<string, string>;

/** A scope of {@link APP_SCOPES}, e.g. `read_products`. */
export type AppScope = keyof typeof APP_SCOPES;

const isAppScope = (value: string): value is AppScope => Object.hasOwn(APP_SCOPES, value);

/** A scope list as the service writes it: comma-separated, e.g. `read_products,read_orders`. */
export type ScopeParse =
  | { readonly ok: true; readonly scopes: readonly AppScope[] }
  | { readonly ok: false; readonly message: string };

/**
 * Reads a comma-separated `scope` parameter (spaces around commas allowed, duplicates dropped,
 * order kept). An unknown scope is named only when it looks like one, since the value is
 * untrusted and goes into a page.
 */
export function parseScopes(value: string): ScopeParse {
  const scopes: AppScope[] = [];
  for (const part of value.split(',')) {
    const scope = part.trim();
    if (scope === '') continue;
    if (!isAppScope(scope)) {
      const named = /^[a-z_]{1,40}$/.test(scope) ? `"${scope}"` : 'a scope';
      return {
        ok: false,
        message: `Unknown scope: ${named}. Ask for some of ${Object.keys(APP_SCOPES).join(', ')}.`,
      };
    }
    if (!scopes.includes(scope)) scopes.push(scope);
  }
  if (scopes.length === 0) {
    return { ok: false, message: 'Missing scope: ask for at least one, e.g. read_products.' };
  }
  return { ok: true, scopes };
}
