import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  JsonObject,
  JsonValue,
  WebhookAppPaymentData,
  WebhookCustomer,
  WebhookDataByScope,
  WebhookEvent,
  WebhookEventOf,
  WebhookOrder,
  WebhookProduct,
  WebhookStock,
} from '../src/webhook-event.js';
import type { WebhookScope } from '../src/webhook-scopes.js';

// Compiled by `pnpm typecheck`, and by the test at the end under the kit's strict settings: every
// expected error below must be one, or the compile fails ("Unused '@ts-expect-error' directive").

/** What a handler does: one case per scope, `data` narrowed by each. */
function handle(event: WebhookEvent): string | number | null | undefined {
  switch (event.scope) {
    case 'store/order/created':
    case 'store/order/updated': {
      expectTypeOf(event.data).toEqualTypeOf<WebhookOrder>();
      const number: string | null | undefined = event.data.orderNumber;
      const line = event.data.orderLineItems[0];
      // @ts-expect-error noUncheckedIndexedAccess: a line may be missing
      void line.quantity;
      const quantity: number | undefined = line?.quantity;
      // @ts-expect-error a field the Admin API's Order lacks (it has orderLineItems)
      void event.data.lineItems;
      // @ts-expect-error an enum value outside the schema's
      const shipped: NonNullable<WebhookOrder['status']> = 'SHIPPED';
      const created: number | null | undefined = event.data.createdAt;
      void [quantity, shipped, created];
      return number;
    }
    case 'store/product/created':
    case 'store/product/updated':
    case 'store/product/deleted': {
      expectTypeOf(event.data).toEqualTypeOf<WebhookProduct>();
      const sku: string | null | undefined = event.data.variants[0]?.sku;
      // The service sends each variant's attribute values with their attributes.
      const attribute = event.data.variants[0]?.attributes?.[0]?.productAttribute?.name;
      const variantType: string | undefined = event.data.productVariantTypes?.[0]?.variantType.name;
      const brand: string | undefined = event.data.brand?.name;
      // @ts-expect-error a field the Admin API's Product lacks
      void event.data.handle;
      void [attribute, variantType, brand];
      return sku;
    }
    case 'store/customer/created':
    case 'store/customer/updated':
    case 'store/customer/statusUpdated':
      expectTypeOf(event.data).toEqualTypeOf<WebhookCustomer>();
      // @ts-expect-error a field the Admin API's Customer lacks
      void event.data.acceptsMarketing;
      return event.data.email;
    case 'store/customerFavoriteProducts/created':
    case 'store/customerFavoriteProducts/updated':
    case 'store/app/deleted': {
      expectTypeOf(event.data).toEqualTypeOf<JsonObject>();
      const value: JsonValue | undefined = event.data.customerId;
      return typeof value === 'string' ? value : undefined;
    }
    case 'store/stock/created':
    case 'store/stock/updated':
      expectTypeOf(event.data).toEqualTypeOf<WebhookStock>();
      return event.data.stockCount;
    case 'store/app/payment': {
      expectTypeOf(event.data).toEqualTypeOf<WebhookAppPaymentData>();
      // JSON carries the service's dates as strings.
      const paid: string | null | undefined = event.data.merchantAppPayment.paymentDate;
      // @ts-expect-error not a Date: JSON has none
      const date: Date | null | undefined = event.data.merchantAppPayment.paymentDate;
      const type: 'ONE_TIME' | 'SUBSCRIPTION' | 'WALLET_ACTION' =
        event.data.merchantAppPayment.type;
      void [date, type];
      return paid;
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** The shapes that make the union: one scope, its data, the envelope's fields. */
function shapes(event: WebhookEvent, order: WebhookEventOf<'store/order/created'>) {
  expectTypeOf<keyof WebhookDataByScope>().toEqualTypeOf<WebhookScope>();
  expectTypeOf(event.scope).toEqualTypeOf<WebhookScope>();
  expectTypeOf(event.id).toEqualTypeOf<string>();
  expectTypeOf(event.createdAt).toEqualTypeOf<string | undefined>();
  expectTypeOf(event.merchantId).toEqualTypeOf<string | undefined>();
  expectTypeOf(event.authorizedAppId).toEqualTypeOf<string | undefined>();
  expectTypeOf(order.data).toEqualTypeOf<WebhookOrder>();
  // @ts-expect-error the event is read-only
  order.id = 'other';
  // @ts-expect-error narrowing needs a known scope
  const unknown: WebhookEvent['scope'] = 'store/coupon/created';
  // exactOptionalPropertyTypes: a nullable field is absent or null, as JSON has it, never undefined.
  const stock: WebhookStock = {
    deleted: false,
    id: 's1',
    productId: 'p1',
    stockCount: 1,
    stockLocationId: 'l1',
    variantId: 'v1',
    createdAt: null,
  };
  // @ts-expect-error undefined is not what JSON carries
  const withUndefined: WebhookStock = { ...stock, updatedAt: undefined };
  void [unknown, withUndefined];
}

describe('webhook event types', () => {
  it('type-check under the kit’s strict settings, with each @ts-expect-error an error', () => {
    const file = fileURLToPath(import.meta.url);
    const program = ts.createProgram([file], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noFallthroughCasesInSwitch: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      noEmit: true,
    });
    const checked = program.getSourceFiles().map((source) => source.fileName);
    expect(checked).toContain(
      fileURLToPath(new URL('../src/webhook-data.generated.ts', import.meta.url)),
    );
    const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      return `${diagnostic.file?.fileName ?? ''}:${(where?.line ?? 0) + 1}: ${text}`;
    });
    expect(errors).toEqual([]);
    expectTypeOf(handle).toBeFunction();
    expectTypeOf(shapes).toBeFunction();
  });
});
