/** The records the emulator serves; shapes mirror the GraphQL types. */
export type ProductType = 'PHYSICAL' | 'DIGITAL' | 'BUNDLE';
export type OrderStatus = 'OPEN' | 'FULFILLED' | 'CANCELLED' | 'REFUNDED';
export type CurrencyCode = 'TRY' | 'USD' | 'EUR';

export interface PriceRecord {
  sellPrice: number;
  discountPrice: number | null;
  currency: CurrencyCode;
}

export interface VariantRecord {
  id: string;
  sku: string | null;
  stock: number | null;
  isActive: boolean;
  prices: PriceRecord[];
}

export interface ProductRecord {
  __typename: 'Product';
  id: string;
  createdAt: number;
  updatedAt: number | null;
  name: string;
  description: string | null;
  type: ProductType;
  tags: string[] | null;
  variants: VariantRecord[];
  metaData: unknown;
  weight: number | null;
}

export interface CustomerRecord {
  __typename: 'Customer';
  id: string;
  createdAt: number;
  updatedAt: number | null;
  firstName: string;
  lastName: string | null;
  email: string | null;
  addresses: { city: string; country: string; addressLine: string | null }[] | null;
}

export interface OrderRecord {
  __typename: 'Order';
  id: string;
  createdAt: number;
  updatedAt: number | null;
  orderNumber: string;
  status: OrderStatus;
  currencyCode: CurrencyCode;
  orderedAt: number | null;
  customerId: string | null;
  orderLineItems: { id: string; productId: string; quantity: number; finalPrice: number }[];
  tags: string[];
}

/** One applied mutation, recorded when its effect is committed. */
export interface MutationRecord {
  /** 1-based order of application. */
  seq: number;
  /** The mutation field, e.g. `saveProduct`. */
  field: string;
  /** The field's arguments as received. */
  args: Record<string, unknown>;
  /** Id of the record the mutation created or changed, when there is one. */
  resultId: string | null;
  /** Epoch ms on the emulator's clock. */
  at: number;
}

/** The emulator's in-memory store. Mutations change it; {@link MutationRecord}s log each change. */
export interface StoreData {
  products: Map<string, ProductRecord>;
  customers: Map<string, CustomerRecord>;
  orders: Map<string, OrderRecord>;
  ledger: MutationRecord[];
  nextId(prefix: string): string;
}
