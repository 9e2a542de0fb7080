/** How messages name an operation. */
export function label(operationName: string | undefined): string {
  return operationName ?? 'Anonymous operation';
}
