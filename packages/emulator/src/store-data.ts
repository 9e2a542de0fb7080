/**
 * The records the emulator serves. Each is stored in the shape of its GraphQL type, with every
 * field present (`null` when unset), so a record reads back exactly as it was saved and nothing
 * in it is mocked. The interfaces name the fields the emulator's own logic reads or writes.
 */
export interface ShapedRecord {
  readonly [field: string]: unknown;
}

/** `OrderStatusEnum`. */
export type OrderStatus =
  | 'CANCELLED'
  | 'CREATED'
  | 'DRAFT'
  | 'PARTIALLY_CANCELLED'
  | 'PARTIALLY_REFUNDED'
  | 'REFUNDED'
  | 'REFUND_REJECTED'
  | 'REFUND_REQUESTED'
  | 'WAITING_UPSELL_ACTION';

/** `OrderPackageFulfillStatusEnum`. */
export type PackageFulfillStatus =
  | 'CANCELLED'
  | 'CANCEL_REJECTED'
  | 'CANCEL_REQUESTED'
  | 'DELIVERED'
  | 'ERROR'
  | 'FULFILLED'
  | 'PLANNED'
  | 'READY_FOR_PICK_UP'
  | 'READY_FOR_SHIPMENT'
  | 'REFUNDED'
  | 'REFUND_REJECTED'
  | 'REFUND_REQUESTED'
  | 'REFUND_REQUEST_ACCEPTED'
  | 'RETURN_DELIVERED'
  | 'RETURN_IN_TRANSIT'
  | 'RETURN_PARCEL_WAITING'
  | 'RETURN_REJECTED'
  | 'UNABLE_TO_DELIVER';

/** What every top-level record has. */
export interface EntityRecord extends ShapedRecord {
  id: string;
  deleted: boolean;
  createdAt: number | null;
  updatedAt: number | null;
}

/** `ProductPrice`. */
export interface PriceRecord extends ShapedRecord {
  sellPrice: number;
  priceListId: string | null;
  discountPrice: number | null;
  currency: string | null;
  currencyCode: string | null;
}

/** `ProductStockLocation`: a variant's stock at one stock location. */
export interface StockRecord extends EntityRecord {
  productId: string;
  variantId: string;
  stockLocationId: string;
  stockCount: number;
}

/** `Variant`. */
export interface VariantRecord extends EntityRecord {
  sku: string | null;
  barcodeList: string[] | null;
  isActive: boolean;
  prices: PriceRecord[];
  stocks: StockRecord[] | null;
}

/** `Product`. */
export interface ProductRecord extends EntityRecord {
  name: string;
  type: string;
  categoryIds: string[] | null;
  tagIds: string[] | null;
  totalStock: number | null;
  variants: VariantRecord[];
}

/** `Category`. */
export interface CategoryRecord extends EntityRecord {
  name: string;
  parentId: string | null;
}

/** `ProductTag` and `OrderTag`. */
export interface TagRecord extends EntityRecord {
  name: string;
}

/** `Customer`. */
export interface CustomerRecord extends EntityRecord {
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
}

/** `OrderLineItem`. */
export interface OrderLineRecord extends ShapedRecord {
  id: string;
  quantity: number;
  status: string;
  statusUpdatedAt: number | null;
  updatedAt: number | null;
  originalOrderLineItemId: string | null;
}

/** `OrderPackage`. */
export interface OrderPackageRecord extends EntityRecord {
  orderLineItemIds: string[];
  orderPackageFulfillStatus: PackageFulfillStatus;
  orderPackageNumber: string;
  stockLocationId: string;
}

/** `Order`. */
export interface OrderRecord extends EntityRecord {
  orderNumber: string | null;
  status: OrderStatus;
  orderedAt: number | null;
  customerId: string | null;
  orderTagIds: string[] | null;
  orderLineItems: OrderLineRecord[];
  orderPackages: OrderPackageRecord[] | null;
  orderPackageSequence: number | null;
  orderPackageStatus: string | null;
  stockLocationId: string | null;
}

/** `StockLocation`. */
export interface StockLocationRecord extends EntityRecord {
  name: string;
}

/** `SalesChannel`. */
export interface SalesChannelRecord extends EntityRecord {
  name: string;
  type: string;
}

/** `Webhook`: one scope's registration, as `saveWebhook` and `listWebhook` answer it. */
export interface WebhookRecord extends EntityRecord {
  endpoint: string;
  scope: string;
}

/** A webhook registration of an app on a store: its record, and whose it is. */
export interface WebhookRegistration {
  readonly record: WebhookRecord;
  /** The app that registered it (its `authorizedAppId`): listed to it alone, signed for it. */
  readonly authorizedAppId: string;
  /** `WebhookInput.salesChannelIds` as given (stored; events are not filtered by them). */
  readonly salesChannelIds: readonly string[] | null;
}

/** One applied mutation, recorded when its effect is committed. */
export interface MutationRecord {
  /** 1-based order of application. */
  seq: number;
  /** The mutation field, e.g. `saveProduct`. */
  field: string;
  /** The field's arguments as the client sent them (variables substituted, no defaults added). */
  args: Record<string, unknown>;
  /** Id of the object the mutation answered with, when it answered with one. */
  resultId: string | null;
  /** True when the field is not part of the stateful core: it answered mocked data. */
  mocked: boolean;
  /** Epoch ms on the emulator's clock. */
  at: number;
}

/** The emulator's in-memory store. Mutations change it; {@link MutationRecord}s log each change. */
export interface StoreData {
  /** What `me` answers: the application the tokens are issued to. */
  readonly app: ShapedRecord;
  /** What `getMerchant` answers. */
  readonly merchant: ShapedRecord & { id: string };
  readonly products: Map<string, ProductRecord>;
  readonly categories: Map<string, CategoryRecord>;
  readonly productTags: Map<string, TagRecord>;
  readonly customers: Map<string, CustomerRecord>;
  readonly orders: Map<string, OrderRecord>;
  readonly orderTags: Map<string, TagRecord>;
  readonly stockLocations: Map<string, StockLocationRecord>;
  readonly salesChannels: Map<string, SalesChannelRecord>;
  /** Webhook registrations of every app on the store, by record id. */
  readonly webhooks: Map<string, WebhookRegistration>;
  readonly ledger: MutationRecord[];
  /** A new record id: a UUID, as the service's, from a seeded sequence. */
  nextId(): string;
}
