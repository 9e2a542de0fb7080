import { type AppBlock, isoTime } from './error-blocks.js';

/**
 * One line per block as it starts, as the CLI prints it:
 * `block: public app emulator-client blocked until 2026-01-01T13:00:00.000Z by >25%:1h:301:1h (80 of 301 requests failed)`.
 */
export function appBlockLine(block: AppBlock): string {
  const until = block.until === null ? 'permanently' : `until ${isoTime(block.until)}`;
  return `block: ${block.app} app ${block.clientId} blocked ${until} by ${block.rule} (${block.errors} of ${block.requests} requests failed)`;
}
