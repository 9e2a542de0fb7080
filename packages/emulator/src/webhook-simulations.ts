import { adminApiSchema } from './admin-api-schema.js';
import { EmulatorOptionError } from './errors.js';
import { DAY_MS } from './fixtures/fixture-context.js';
import { orderCustomer, orderLine, orderTotals, roundToCents } from './fixtures/order-fixtures.js';
import { shapeRecord } from './shape-record.js';
import type {
  CustomerRecord,
  EntityRecord,
  OrderRecord,
  ProductRecord,
  ShapedRecord,
  StoreData,
  VariantRecord,
} from './store-data.js';
import type { WebhookEmitter } from './webhook-emitter.js';

/** `CustomerAccountStatusEnum`. */
export type CustomerAccountStatus =
  | 'ACTIVE_ACCOUNT'
  | 'DEACTIVATED_ACCOUNT'
  | 'DECLINED_ACCOUNT_INVITATION'
  | 'DISABLED_ACCOUNT'
  | 'INVITED_TO_CREATE_ACCOUNT';

/** What {@link EmulatorSimulations.orderPlaced} places; all optional. */
export interface PlacedOrderOptions {
  /** The ordering customer, by id; a guest checkout when absent. */
  readonly customerId?: string | undefined;
  /**
   * The variants bought and how many of each (1 by default). @default one of the first product's
   * first variant
   */
  readonly lines?: readonly { readonly variantId: string; readonly quantity?: number }[];
}

/** What {@link EmulatorSimulations.appPaid} records; all optional. */
export interface AppPaymentOptions {
  /** `MerchantAppPaymentTypeEnum`. @default 'SUBSCRIPTION' */
  readonly type?: 'ONE_TIME' | 'SUBSCRIPTION' | 'WALLET_ACTION';
  /** `MerchantAppPaymentStatusEnum`. @default 'PAID' */
  readonly status?: 'PAID' | 'PAYMENT_FAILED' | 'WAITING_FOR_PAYMENT';
  /** The payment's name, as the app's listing names it. @default 'Pro' */
  readonly name?: string;
  /** The listing's key of what was bought. @default 'pro-monthly' */
  readonly appPaymentKey?: string;
  /** Price with tax, in Turkish lira. @default 99.9 */
  readonly price?: number;
}

/**
 * A customer's favourite product, as `store/customerFavoriteProducts/*` carries it. The vendor
 * publishes no type for it; the emulator sends the fields every record of the Admin API has,
 * and the customer's and the product's ids under the names the schema gives them elsewhere.
 */
export interface FavoriteProductRecord extends EntityRecord {
  customerId: string;
  productId: string;
}

/**
 * Changes that the Admin API has no mutation for, made as a storefront or the platform makes
 * them: each changes the store's data as they would and pushes its signed delivery through the
 * same registrations, policy, faults and stats as a mutation's. Each answers the record as
 * stored, and throws an `EmulatorOptionError` (`INVALID_OPTION`) for an id the store does not
 * have, changing nothing. `emulator.simulate` changes the private app's store;
 * `emulator.store(name).simulate` that store.
 */
export interface EmulatorSimulations {
  /**
   * A shopper places an order on the storefront: a new `Order` (status `CREATED`, paid by card,
   * numbered after the store's last) with a line per variant, and `store/order/created`. Stock
   * and the customer's order totals are left as they were.
   */
  orderPlaced(options?: PlacedOrderOptions): OrderRecord;
  /**
   * The platform changes a customer's account status (`accountStatus`, and
   * `accountStatusUpdatedAt`): `store/customer/statusUpdated`, to the endpoints registered for
   * `store/customer/updated` (an assumption: it cannot be registered itself).
   */
  customerStatusChanged(customerId: string, accountStatus: CustomerAccountStatus): CustomerRecord;
  /**
   * A shopper adds a product to their favourites: `store/customerFavoriteProducts/created` the
   * first time, `store/customerFavoriteProducts/updated` when it was removed before.
   */
  productFavorited(customerId: string, productId: string): FavoriteProductRecord;
  /**
   * A shopper removes a product from their favourites: `store/customerFavoriteProducts/updated`
   * with `deleted: true`.
   */
  productUnfavorited(customerId: string, productId: string): FavoriteProductRecord;
  /**
   * The platform takes a payment for the app: `store/app/payment`, once to each endpoint the app
   * registered on the store (as `store/app/deleted`), with the payment and the store's licence
   * after it in the vendor's `IWebhookStoreAppPaymentData` form (dates as ISO 8601 strings,
   * `appSubscriptions` the schema's `MerchantAppSubscription`). Nothing is stored.
   */
  appPaid(options?: AppPaymentOptions): ShapedRecord;
}

/** The app a store's simulated payments are for. */
export interface SimulatedApp {
  readonly authorizedAppId: string;
  readonly storeAppId: string;
  /** When it was installed, epoch ms; undefined when unknown. */
  readonly installedAt: number | undefined;
}

/** What the simulations of one store work with; read at each call, since `reset()` replaces data. */
export interface SimulationTarget {
  readonly data: StoreData;
  readonly webhooks: WebhookEmitter;
  readonly app: SimulatedApp;
  /** Sends `store/app/payment` with `record` to the app's endpoints. */
  appPayment(record: ShapedRecord, at: number): void;
}

// Favourites are no Admin API record: kept beside each store's data, and gone with it at reset.
const favoritesOf = new WeakMap<StoreData, Map<string, FavoriteProductRecord>>();

/** The simulations of the store `target()` answers, on the emulator's clock. */
export function createSimulations(
  target: () => SimulationTarget,
  now: () => number,
): EmulatorSimulations {
  const favorite = (customerId: string, productId: string, deleted: boolean) => {
    const { data, webhooks } = target();
    liveRecord(data.customers, customerId, 'customer');
    liveRecord(data.products, productId, 'product');
    let favorites = favoritesOf.get(data);
    if (!favorites) {
      favorites = new Map();
      favoritesOf.set(data, favorites);
    }
    const key = `${customerId}\n${productId}`;
    const before = favorites.get(key);
    const at = now();
    const record: FavoriteProductRecord = {
      id: before?.id ?? data.nextId(),
      customerId,
      productId,
      createdAt: before?.createdAt ?? at,
      updatedAt: at,
      deleted,
    };
    favorites.set(key, record);
    webhooks.emit(
      before ? 'store/customerFavoriteProducts/updated' : 'store/customerFavoriteProducts/created',
      record,
      at,
    );
    return record;
  };

  return {
    orderPlaced(options = {}) {
      const { data, webhooks } = target();
      const at = now();
      const order = placedOrder(data, options, at);
      data.orders.set(order.id, order);
      webhooks.emit('store/order/created', order, at);
      return order;
    },

    customerStatusChanged(customerId, accountStatus) {
      const { data, webhooks } = target();
      const customer = liveRecord(data.customers, customerId, 'customer');
      if (!ACCOUNT_STATUSES.has(accountStatus)) {
        throw new EmulatorOptionError(
          `accountStatus must be one of ${[...ACCOUNT_STATUSES].join(', ')}; got ${JSON.stringify(accountStatus)}`,
        );
      }
      const at = now();
      const changed: CustomerRecord = {
        ...customer,
        accountStatus,
        accountStatusUpdatedAt: at,
        updatedAt: at,
      };
      data.customers.set(customerId, changed);
      webhooks.emit('store/customer/statusUpdated', changed, at);
      return changed;
    },

    productFavorited: (customerId, productId) => favorite(customerId, productId, false),
    productUnfavorited: (customerId, productId) => favorite(customerId, productId, true),

    appPaid(options = {}) {
      const current = target();
      const at = now();
      const record = appPayment(current.data, current.app, options, at);
      current.appPayment(record, at);
      return record;
    },
  };
}

const ACCOUNT_STATUSES: ReadonlySet<string> = new Set<CustomerAccountStatus>([
  'ACTIVE_ACCOUNT',
  'DEACTIVATED_ACCOUNT',
  'DECLINED_ACCOUNT_INVITATION',
  'DISABLED_ACCOUNT',
  'INVITED_TO_CREATE_ACCOUNT',
]);

function liveRecord<T extends EntityRecord>(
  records: ReadonlyMap<string, T>,
  id: string,
  kind: string,
): T {
  const record = records.get(id);
  if (!record || record.deleted) {
    throw new EmulatorOptionError(`The store has no ${kind} with id ${JSON.stringify(id)}`);
  }
  return record;
}

/** The variant `variantId` of a live product, with its product. */
function variantOf(data: StoreData, variantId: string): [ProductRecord, VariantRecord] {
  for (const product of data.products.values()) {
    if (product.deleted) continue;
    const variant = product.variants.find((candidate) => candidate.id === variantId);
    if (variant) return [product, variant];
  }
  throw new EmulatorOptionError(`The store has no variant with id ${JSON.stringify(variantId)}`);
}

/** An order as the storefront's checkout makes it, shaped as the schema's `Order`. */
function placedOrder(data: StoreData, options: PlacedOrderOptions, at: number): OrderRecord {
  const customer =
    options.customerId === undefined
      ? undefined
      : liveRecord(data.customers, options.customerId, 'customer');
  const wanted = options.lines ?? defaultLines(data);
  if (wanted.length === 0) throw new EmulatorOptionError('An order needs at least one line');
  const [stockLocation] = data.stockLocations.values();
  const [salesChannel] = data.salesChannels.values();
  const lines = wanted.map(({ variantId, quantity = 1 }) => {
    if (!Number.isSafeInteger(quantity) || quantity < 1) {
      throw new EmulatorOptionError(
        `A line's quantity must be a positive integer; got ${quantity}`,
      );
    }
    const [product, variant] = variantOf(data, variantId);
    return orderLine({
      id: data.nextId(),
      product,
      variant,
      quantity,
      status: 'UNFULFILLED',
      statusUpdatedAt: at,
      stockLocationId: stockLocation?.id ?? null,
      createdAt: at,
      updatedAt: at,
    });
  });
  const sequence = nextOrderSequence(data);
  const { itemCount, totalPrice, totalFinalPrice } = orderTotals(lines);
  return shapeRecord<OrderRecord>(
    adminApiSchema(),
    'Order',
    {
      id: data.nextId(),
      orderNumber: String(1000 + sequence),
      orderSequence: sequence,
      status: 'CREATED',
      orderPackageStatus: 'UNFULFILLED',
      orderPaymentStatus: 'PAID',
      orderPackages: [],
      orderPackageSequence: 0,
      orderedAt: at,
      customerId: customer?.id ?? null,
      customer: orderCustomer(customer, sequence),
      orderLineItems: lines,
      itemCount,
      totalPrice,
      totalFinalPrice,
      netTotalFinalPrice: totalFinalPrice,
      currencyCode: 'TRY',
      currencySymbol: '₺',
      currencyRates: [],
      paymentMethods: [
        {
          type: 'CREDIT_CARD',
          paymentGatewayName: 'iyzico',
          paymentGatewayCode: 'iyzico',
          price: totalFinalPrice,
          isAlternativeGateway: false,
        },
      ],
      shippingMethod: 'SHIPMENT',
      orderTagIds: [],
      stockLocationId: stockLocation?.id ?? null,
      salesChannelId: salesChannel?.id ?? null,
      salesChannel: salesChannel ? { id: salesChannel.id, name: salesChannel.name } : null,
      merchantId: data.merchant.id,
      timezone: 'Europe/Istanbul',
      archived: false,
      createdAt: at,
      updatedAt: at,
    },
    { newId: data.nextId },
  );
}

function defaultLines(data: StoreData): NonNullable<PlacedOrderOptions['lines']> {
  for (const product of data.products.values()) {
    const [variant] = product.variants;
    if (!product.deleted && variant) return [{ variantId: variant.id }];
  }
  throw new EmulatorOptionError('The store has no product to order: pass lines');
}

/** After the highest order number so far: the service numbers orders in sequence. */
function nextOrderSequence(data: StoreData): number {
  let highest = 0;
  for (const order of data.orders.values()) {
    const sequence = Number(order.orderSequence ?? Number(order.orderNumber) - 1000);
    if (Number.isFinite(sequence)) highest = Math.max(highest, sequence);
  }
  return highest + 1;
}

/** A payment for the app and the licence after it, as `store/app/payment` carries them. */
function appPayment(
  data: StoreData,
  app: SimulatedApp,
  options: AppPaymentOptions,
  at: number,
): ShapedRecord {
  const status = options.status ?? 'PAID';
  const name = options.name ?? 'Pro';
  const appPaymentKey = options.appPaymentKey ?? 'pro-monthly';
  const price = options.price ?? 99.9;
  const paymentId = data.nextId();
  const paid = status === 'PAID';
  const iso = (ms: number) => new Date(ms).toISOString();
  const subscription = shapeRecord<ShapedRecord>(
    adminApiSchema(),
    'MerchantAppSubscription',
    {
      id: data.nextId(),
      addedDate: app.installedAt ?? at,
      appPaymentKey,
      authorizedAppId: app.authorizedAppId,
      currency: 'TRY',
      currencyCode: 'TRY',
      currencySymbol: '₺',
      lastPaymentDate: paid ? at : null,
      lastPaymentPeriod: 'MONTHLY',
      lastPaymentPeriodInDays: 30,
      lastPaymentPrice: roundToCents(price / 1.2),
      lastPaymentPriceWithTax: price,
      merchantAppPaymentId: paymentId,
      name,
      status: 'ACTIVE',
      storeAppId: app.storeAppId,
      storeAppListingSubscriptionId: `${app.storeAppId}-${appPaymentKey}`,
      storeAppListingSubscriptionKey: appPaymentKey,
      createdAt: at,
      updatedAt: at,
    },
    { newId: data.nextId },
  );
  return {
    merchantAppPayment: {
      _id: paymentId,
      appPaymentKey,
      name,
      type: options.type ?? 'SUBSCRIPTION',
      status,
      paymentDate: paid ? iso(at) : null,
      error: status === 'PAYMENT_FAILED' ? 'The card was declined' : null,
    },
    merchantLicence: {
      licenceActivationDate: iso(app.installedAt ?? at),
      fromDate: iso(at),
      toDate: iso(at + 30 * DAY_MS),
      status: 'ACTIVE',
      statusUpdatedAt: iso(at),
      appSubscriptions: [subscription],
    },
  };
}
