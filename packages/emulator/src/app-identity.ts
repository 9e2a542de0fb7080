import { adminApiSchema } from './admin-api-schema.js';
import { shapeRecord } from './shape-record.js';
import type { ShapedRecord, StoreData } from './store-data.js';
import type { StoreState } from './store-state.js';

/** Who a request's token speaks for: what `me` and `getAuthorizedApp` answer. */
export interface AppIdentity {
  /** The app's `authorizedAppId` on the store: whose webhook registrations a request sees. */
  readonly id: string;
  me(): ShapedRecord;
  authorizedApp(): ShapedRecord;
}

const shape = (typeName: string, value: object): ShapedRecord =>
  shapeRecord(adminApiSchema(), typeName, value, {
    newId: () => {
      throw new Error(`${typeName} needs every id given`);
    },
  });

/** The private app (client credentials): the store's own `app` record. */
export function privateAppIdentity(data: StoreData): AppIdentity {
  return {
    id: String(data.app.id),
    me: () => data.app,
    authorizedApp: () =>
      shape('AuthorizedApp', {
        ...data.app,
        deleted: false,
        createdAt: data.app.addedDate,
        updatedAt: data.app.addedDate,
      }),
  };
}

/** A public app installed on `store`, with the scopes its token was granted. */
export function storeAppIdentity(
  store: StoreState,
  appName: string,
  scopes: readonly string[],
  issuedAt: number,
): AppIdentity {
  const addedDate = store.install.installedAt ?? issuedAt;
  const common = {
    id: store.authorizedAppId,
    partnerId: store.partnerId,
    storeAppId: store.storeAppId,
    salesChannelId: store.data.salesChannels.values().next().value?.id ?? null,
    scope: scopes.join(','),
    addedDate,
    supportsMultipleInstallation: false,
  };
  return {
    id: store.authorizedAppId,
    me: () =>
      shape('MeResponse', {
        ...common,
        name: appName,
        email: 'developer@example.com',
        scopes: scopes.map((scope) => scope.toUpperCase()),
      }),
    authorizedApp: () =>
      shape('AuthorizedApp', {
        ...common,
        deleted: false,
        createdAt: addedDate,
        updatedAt: addedDate,
      }),
  };
}
