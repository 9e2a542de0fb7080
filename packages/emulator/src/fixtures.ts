import { seededRandom } from './seeded-random.js';
import type {
  CurrencyCode,
  CustomerRecord,
  OrderRecord,
  OrderStatus,
  ProductRecord,
  ProductType,
  StoreData,
} from './store-data.js';

/** How much seeded data the emulator starts with. */
export interface FixtureOptions {
  seed?: number;
  products?: number;
  customers?: number;
  orders?: number;
}

const EPOCH = Date.UTC(2026, 0, 1);
const DAY_MS = 86_400_000;
const ADJECTIVES = [
  'Classic',
  'Organic',
  'Linen',
  'Wool',
  'Ceramic',
  'Leather',
  'Bamboo',
  'Cotton',
];
const NOUNS = ['Mug', 'Scarf', 'Notebook', 'Lamp', 'Tote Bag', 'Candle', 'Teapot', 'Blanket'];
const FIRST_NAMES = ['Ayşe', 'Mehmet', 'Elif', 'Can', 'Zeynep', 'Emre', 'Deniz', 'Selin'];
const LAST_NAMES = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Arslan'];
const CITIES = ['İstanbul', 'Ankara', 'İzmir', 'Bursa'];
const PRODUCT_TYPES: ProductType[] = ['PHYSICAL', 'PHYSICAL', 'DIGITAL', 'BUNDLE'];
const ORDER_STATUSES: OrderStatus[] = ['OPEN', 'FULFILLED', 'FULFILLED', 'CANCELLED', 'REFUNDED'];
const CURRENCIES: CurrencyCode[] = ['TRY', 'TRY', 'USD', 'EUR'];

/** Builds a fresh store with deterministic data for `options.seed`. */
export function createStoreData(options: FixtureOptions = {}): StoreData {
  const random = seededRandom(options.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const counters = new Map<string, number>();
  const nextId = (prefix: string) => {
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    return `${prefix}_${n.toString().padStart(6, '0')}`;
  };

  const products = new Map<string, ProductRecord>();
  for (let i = 0; i < (options.products ?? 120); i++) {
    const id = nextId('prd');
    const currency = pick(CURRENCIES);
    const sellPrice = Math.round(random() * 100_000) / 100;
    const variantCount = 1 + Math.floor(random() * 3);
    products.set(id, {
      __typename: 'Product',
      id,
      createdAt: EPOCH + i * DAY_MS,
      updatedAt: random() < 0.5 ? null : EPOCH + (i + 1) * DAY_MS,
      name: `${pick(ADJECTIVES)} ${pick(NOUNS)} ${i + 1}`,
      description: random() < 0.3 ? null : 'Made with care.',
      type: pick(PRODUCT_TYPES),
      tags: random() < 0.2 ? null : [pick(['new', 'sale', 'gift'])],
      variants: Array.from({ length: variantCount }, (_, v) => ({
        id: `${id}_v${v + 1}`,
        sku: random() < 0.1 ? null : `SKU-${i + 1}-${v + 1}`,
        stock: random() < 0.1 ? null : Math.floor(random() * 50),
        isActive: random() > 0.1,
        prices: [
          {
            sellPrice,
            discountPrice: random() < 0.3 ? Math.round(sellPrice * 80) / 100 : null,
            currency,
          },
        ],
      })),
      metaData: random() < 0.5 ? null : { origin: pick(CITIES), featured: random() < 0.5 },
      weight: random() < 0.5 ? null : Math.round(random() * 5000) / 1000,
    });
  }

  const customers = new Map<string, CustomerRecord>();
  for (let i = 0; i < (options.customers ?? 30); i++) {
    const id = nextId('cus');
    const firstName = pick(FIRST_NAMES);
    customers.set(id, {
      __typename: 'Customer',
      id,
      createdAt: EPOCH + i * DAY_MS,
      updatedAt: null,
      firstName,
      lastName: random() < 0.2 ? null : pick(LAST_NAMES),
      email: random() < 0.1 ? null : `${firstName.toLowerCase()}.${i + 1}@example.com`,
      addresses: random() < 0.3 ? null : [{ city: pick(CITIES), country: 'TR', addressLine: null }],
    });
  }

  const productIds = [...products.keys()];
  const customerIds = [...customers.keys()];
  const orders = new Map<string, OrderRecord>();
  for (let i = 0; i < (options.orders ?? 60); i++) {
    const id = nextId('ord');
    const orderedAt = EPOCH + i * (DAY_MS / 2);
    orders.set(id, {
      __typename: 'Order',
      id,
      createdAt: orderedAt,
      updatedAt: null,
      orderNumber: `${1000 + i}`,
      status: pick(ORDER_STATUSES),
      currencyCode: pick(CURRENCIES),
      orderedAt,
      customerId: customerIds.length && random() > 0.1 ? pick(customerIds) : null,
      orderLineItems: Array.from({ length: 1 + Math.floor(random() * 3) }, (_, n) => ({
        id: `${id}_li${n + 1}`,
        productId: pick(productIds),
        quantity: 1 + Math.floor(random() * 4),
        finalPrice: Math.round(random() * 50_000) / 100,
      })),
      tags: random() < 0.5 ? [] : ['priority'],
    });
  }

  return { products, customers, orders, ledger: [], nextId };
}
