import type {
  Customer,
  MerchantAppPaymentStatusEnum,
  MerchantAppPaymentTypeEnum,
  MerchantAppSubscription,
  Order,
  Product,
  ProductAttribute,
  ProductAttributeOption,
  ProductAttributeValue,
  ProductStockLocation,
  ProductVariantType,
  Variant,
  VariantType,
} from './webhook-data.generated.js';
import type { WebhookScope } from './webhook-scopes.js';

/** Any value JSON carries: what `JSON.parse` gives. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

/** A JSON object: what `JSON.parse` gives for `{…}`. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** A product attribute value in a product webhook, with its attribute and option beside it. */
export interface WebhookProductAttributeValue extends ProductAttributeValue {
  /** The attribute `productAttributeId` names. */
  productAttribute?: ProductAttribute | null;
  /** The option `productAttributeOptionId` names, for attributes with options. */
  productAttributeOption?: ProductAttributeOption | null;
}

/** A product's variant type in a product webhook, with the variant type itself beside it. */
export interface WebhookProductVariantType extends ProductVariantType {
  /** The variant type `variantTypeId` names, with its values. */
  variantType: VariantType;
}

/** A variant in a product webhook: its attribute values come with their attributes. */
export interface WebhookVariant extends Variant {
  attributes?: WebhookProductAttributeValue[] | null;
}

/**
 * `data` of `store/product/created`, `store/product/updated` and `store/product/deleted`: the
 * schema's `Product`, with each variant type, variant and attribute value expanded as the service
 * sends it (the vendor's `IWebhookProduct`). `tags`, `brand` and `categories` are the schema's
 * own `SimpleProductTag`, `SimpleProductBrand` and `SimpleCategory` lists.
 */
export interface WebhookProduct extends Product {
  productVariantTypes?: WebhookProductVariantType[] | null;
  variants: WebhookVariant[];
  attributes?: WebhookProductAttributeValue[] | null;
}

/** `data` of `store/order/created` and `store/order/updated`: the schema's `Order`. */
export type WebhookOrder = Order;

/**
 * `data` of `store/customer/created`, `store/customer/updated` and
 * `store/customer/statusUpdated`: the schema's `Customer`.
 */
export type WebhookCustomer = Customer;

/** `data` of `store/stock/created` and `store/stock/updated`: the schema's `ProductStockLocation`. */
export type WebhookStock = ProductStockLocation;

/**
 * `data` of `store/app/payment`: a payment for the app, and the store's licence after it (the
 * vendor's `IWebhookStoreAppPaymentData`). The vendor types the dates as `Date`, which JSON
 * cannot carry: here they are the strings JSON carries for them (ISO 8601, as `JSON.stringify`
 * writes a `Date`). Not in the schema: only the enums and `MerchantAppSubscription` come from it.
 */
export interface WebhookAppPaymentData {
  merchantAppPayment: {
    _id: string;
    appPaymentKey: string;
    name: string;
    type: MerchantAppPaymentTypeEnum;
    status: MerchantAppPaymentStatusEnum;
    /** ISO 8601 date string (a `Date` on the service's side). */
    paymentDate?: string | null;
    error?: string | null;
  };
  merchantLicence: {
    /** ISO 8601 date string (a `Date` on the service's side). */
    licenceActivationDate?: string | null;
    /** ISO 8601 date string (a `Date` on the service's side). */
    fromDate?: string | null;
    /** ISO 8601 date string (a `Date` on the service's side). */
    toDate?: string | null;
    status: string;
    /** ISO 8601 date string (a `Date` on the service's side). */
    statusUpdatedAt: string | null;
    appSubscriptions?: MerchantAppSubscription[] | null;
  };
}

/**
 * The type of `data` for each scope. `store/customerFavoriteProducts/*` and `store/app/deleted`
 * have no published payload type (the vendor's client types none): their `data` is only known to
 * be a JSON object.
 */
export interface WebhookDataByScope {
  'store/order/created': WebhookOrder;
  'store/order/updated': WebhookOrder;
  'store/product/created': WebhookProduct;
  'store/product/updated': WebhookProduct;
  'store/product/deleted': WebhookProduct;
  'store/customer/created': WebhookCustomer;
  'store/customer/updated': WebhookCustomer;
  'store/customer/statusUpdated': WebhookCustomer;
  /** No published payload type: a JSON object. */
  'store/customerFavoriteProducts/created': JsonObject;
  /** No published payload type: a JSON object. */
  'store/customerFavoriteProducts/updated': JsonObject;
  'store/stock/created': WebhookStock;
  'store/stock/updated': WebhookStock;
  /** No published payload type: a JSON object. */
  'store/app/deleted': JsonObject;
  'store/app/payment': WebhookAppPaymentData;
}

/**
 * A verified delivery of scope `S`. Only `data` is signed: `id`, `scope` and the rest are what the
 * body says beside it. `data` is typed from the schema but checked only to be a JSON object.
 */
export type WebhookEventOf<S extends WebhookScope> = {
  /** The delivery's id: the same on each of the service's retries. */
  readonly id: string;
  readonly scope: S;
  /** When the service made the delivery, as it sends it; `undefined` when absent. */
  readonly createdAt: string | undefined;
  /** The store's merchant, as the body names it; `undefined` when absent. */
  readonly merchantId: string | undefined;
  /** The app's install on the store, as the body names it; `undefined` when absent. */
  readonly authorizedAppId: string | undefined;
  /** The parsed `data`, typed by scope. */
  readonly data: WebhookDataByScope[S];
};

/**
 * A verified webhook delivery, discriminated by `scope`: `switch (event.scope)` narrows `data` to
 * the scope's type ({@link WebhookDataByScope}).
 */
export type WebhookEvent = { [S in WebhookScope]: WebhookEventOf<S> }[WebhookScope];
