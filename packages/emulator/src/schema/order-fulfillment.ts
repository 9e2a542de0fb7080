import { assertEnumType, type GraphQLResolveInfo } from 'graphql';
import { shapeRecord } from '../shape-record.js';
import type {
  OrderLineRecord,
  OrderPackageRecord,
  OrderRecord,
  OrderStatus,
  PackageFulfillStatus,
} from '../store-data.js';
import type { ResolverContext } from './context.js';
import {
  argumentValidationError,
  orderLineAlreadyPackaged,
  orderNotEligibleForUpdate,
} from './graphql-errors.js';
import { livePackages, orderPackageStatus } from './order-package-status.js';
import { existingRecord } from './records.js';

/** Order statuses whose packages may still change; any other is ORDER_NOT_ELIGIBLE_FOR_UPDATE. */
const ELIGIBLE_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  'CREATED',
  'PARTIALLY_CANCELLED',
  'PARTIALLY_REFUNDED',
  'REFUND_REJECTED',
]);

interface FulfillOrderInput {
  readonly orderId: string;
  readonly lines: readonly { readonly orderLineItemId: string; readonly quantity: number }[];
  readonly markAsReadyForShipment?: boolean | null;
  readonly trackingInfoDetail?: object | null;
}

interface UpdateOrderPackageStatusInput {
  readonly orderId: string;
  readonly packages: readonly {
    readonly packageId: string;
    readonly status: PackageFulfillStatus;
    readonly trackingInfo?: object | null;
    readonly errorMessage?: string | null;
    readonly sourceId?: string | null;
  }[];
}

function eligibleOrder(context: ResolverContext, orderId: string): OrderRecord {
  const order = existingRecord(context.data.orders, orderId, 'Order');
  if (!ELIGIBLE_STATUSES.has(order.status)) throw orderNotEligibleForUpdate(order.id, order.status);
  return order;
}

/** Stores the changed order with its package status recomputed, and announces it. */
function saveOrder(context: ResolverContext, order: OrderRecord, at: number): OrderRecord {
  const saved = { ...order, orderPackageStatus: orderPackageStatus(order) };
  context.data.orders.set(order.id, saved);
  context.webhooks.emit('store/order/updated', saved, at);
  return saved;
}

/** The line with `quantity` of its units, its final price scaled to match. */
function withQuantity(line: OrderLineRecord, quantity: number, at: number): OrderLineRecord {
  const unit = typeof line.finalUnitPrice === 'number' ? line.finalUnitPrice : undefined;
  return {
    ...line,
    quantity,
    finalPrice: unit === undefined ? line.finalPrice : Math.round(unit * quantity * 100) / 100,
    updatedAt: at,
  };
}

/**
 * `fulfillOrder`: packs the given quantities of open lines into a new package (FULFILLED, or
 * READY_FOR_SHIPMENT with `markAsReadyForShipment`), splitting a line fulfilled in part. A line
 * already in a live package is ORDER_LINE_IS_ALREADY_PACKAGED.
 */
export function fulfillOrder(
  _: unknown,
  { input }: { input: FulfillOrderInput },
  context: ResolverContext,
  info: GraphQLResolveInfo,
): OrderRecord {
  const order = eligibleOrder(context, input.orderId);
  if (input.lines.length === 0) throw argumentValidationError('lines must name an order line');
  const at = context.now();
  const packaged = new Set(livePackages(order).flatMap((pkg) => pkg.orderLineItemIds));
  const lines = [...order.orderLineItems];
  const packed: string[] = [];
  for (const { orderLineItemId, quantity } of input.lines) {
    const index = lines.findIndex((line) => line.id === orderLineItemId);
    const line = lines[index];
    if (!line) {
      throw argumentValidationError(`Order line ${orderLineItemId} is not a line of ${order.id}`);
    }
    if (packaged.has(line.id) || packed.includes(line.id)) throw orderLineAlreadyPackaged(line.id);
    if (line.status !== 'UNFULFILLED') {
      throw argumentValidationError(`Order line ${line.id} is ${line.status}, not UNFULFILLED`);
    }
    if (!(quantity > 0 && quantity <= line.quantity)) {
      throw argumentValidationError(
        `quantity of order line ${line.id} must be between 1 and ${line.quantity} (got ${quantity})`,
      );
    }
    let part = line;
    if (quantity < line.quantity) {
      lines[index] = withQuantity(line, line.quantity - quantity, at);
      part = {
        ...withQuantity(line, quantity, at),
        id: context.data.nextId(),
        originalOrderLineItemId: line.id,
      };
      lines.push(part);
    }
    packed.push(part.id);
    lines[lines.indexOf(part)] = {
      ...part,
      status: 'FULFILLED',
      statusUpdatedAt: at,
      updatedAt: at,
    };
  }
  const sequence = (order.orderPackageSequence ?? 0) + 1;
  const newPackage = shapeRecord<OrderPackageRecord>(
    info.schema,
    'OrderPackage',
    {
      orderLineItemIds: packed,
      orderPackageFulfillStatus: input.markAsReadyForShipment ? 'READY_FOR_SHIPMENT' : 'FULFILLED',
      orderPackageNumber: `${order.orderNumber ?? order.id}-${sequence}`,
      stockLocationId: order.stockLocationId ?? context.data.stockLocations.keys().next().value,
      trackingInfo: input.trackingInfoDetail ?? null,
      createdAt: at,
      updatedAt: at,
    },
    { newId: context.data.nextId },
  );
  return saveOrder(
    context,
    {
      ...order,
      orderLineItems: lines,
      orderPackages: [...(order.orderPackages ?? []), newPackage],
      orderPackageSequence: sequence,
      updatedAt: at,
    },
    at,
  );
}

/**
 * `updateOrderPackageStatus`: sets each package's fulfil status (and tracking info), moves its
 * lines along (a cancelled package frees its lines) and recomputes the order's package status.
 */
export function updateOrderPackageStatus(
  _: unknown,
  { input }: { input: UpdateOrderPackageStatusInput },
  context: ResolverContext,
  info: GraphQLResolveInfo,
): OrderRecord {
  const order = eligibleOrder(context, input.orderId);
  const at = context.now();
  const lineStatuses = new Set(
    assertEnumType(info.schema.getType('OrderLineItemStatusEnum'))
      .getValues()
      .map((value) => value.name),
  );
  let packages = [...(order.orderPackages ?? [])];
  let lines = [...order.orderLineItems];
  for (const change of input.packages) {
    const pkg = packages.find(
      (candidate) => candidate.id === change.packageId && !candidate.deleted,
    );
    if (!pkg)
      throw argumentValidationError(`Package ${change.packageId} is not a package of ${order.id}`);
    const updated: OrderPackageRecord = {
      ...pkg,
      orderPackageFulfillStatus: change.status,
      trackingInfo: change.trackingInfo
        ? shapeRecord(info.schema, 'TrackingInfo', change.trackingInfo, {
            newId: context.data.nextId,
          })
        : pkg.trackingInfo,
      errorMessage: change.errorMessage ?? null,
      sourceId: change.sourceId ?? pkg.sourceId,
      updatedAt: at,
    };
    packages = packages.map((candidate) => (candidate === pkg ? updated : candidate));
    const lineStatus =
      change.status === 'CANCELLED'
        ? 'UNFULFILLED'
        : lineStatuses.has(change.status)
          ? change.status
          : 'FULFILLED';
    lines = lines.map((line) =>
      pkg.orderLineItemIds.includes(line.id)
        ? { ...line, status: lineStatus, statusUpdatedAt: at, updatedAt: at }
        : line,
    );
  }
  return saveOrder(
    context,
    {
      ...order,
      orderLineItems: lines,
      orderPackages: packages,
      updatedAt: at,
    },
    at,
  );
}
