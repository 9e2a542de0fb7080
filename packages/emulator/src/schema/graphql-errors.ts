import { GraphQLError } from 'graphql';

/**
 * The `extensions.code`s the emulator answers GraphQL errors with: the ones the vendor's own
 * client knows (`@ikas/api-client`'s `APIErrorCode`), so that clients are tested against the
 * codes the service uses. Rate limiting (`RATE_LIMITED`, HTTP 429) is the emulator's own.
 */
export type ServiceErrorCode =
  | 'ARGUMENT_VALIDATION_ERROR'
  | 'UNAUTHENTICATED'
  | 'INTERNAL_SERVER_ERROR'
  | 'ORDER_LINE_IS_ALREADY_PACKAGED'
  | 'ORDER_NOT_ELIGIBLE_FOR_UPDATE';

function coded(code: ServiceErrorCode, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

/** An argument breaks a documented rule, or names a record that does not exist. */
export function argumentValidationError(message: string): GraphQLError {
  return coded('ARGUMENT_VALIDATION_ERROR', message);
}

/** The order's status does not allow the change (cancelled, refunded, a draft, …). */
export function orderNotEligibleForUpdate(orderId: string, status: string): GraphQLError {
  return coded(
    'ORDER_NOT_ELIGIBLE_FOR_UPDATE',
    `Order ${orderId} is ${status} and cannot be updated`,
  );
}

/** A line to fulfil is already in a package of the order. */
export function orderLineAlreadyPackaged(orderLineItemId: string): GraphQLError {
  return coded(
    'ORDER_LINE_IS_ALREADY_PACKAGED',
    `Order line ${orderLineItemId} is already in a package`,
  );
}
