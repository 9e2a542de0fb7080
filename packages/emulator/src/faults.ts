import type { WebhookFaults } from './webhook-faults.js';

/**
 * One scripted response. Push faults onto `emulator.faults.token` or `emulator.faults.graphql`;
 * each request takes the first one queued (or asks `emulator.faults.random`, when set).
 *
 * - `{ status: 503 }`: answer 503 without handling the request.
 * - `{ status: 502, body: '<html>…', headers: { 'content-type': 'text/html' } }`: a proxy's error page.
 * - `{ status: 200, body: '' }` or `{ status: 200, body: '{"data":' }`: empty or malformed body.
 * - `{ drop: true }`: close the connection without an answer.
 * - `{ delayMs: 5000 }`: answer normally, 5 s late.
 * - `{ afterHandling: true, drop: true }`: apply the mutation, then drop the connection.
 */
export interface Fault {
  /** HTTP status to answer with. @default 500 when `body` is set */
  status?: number;
  /** Raw body to answer with. */
  body?: string;
  /** Extra response headers, e.g. `content-type` or `retry-after`. */
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Close the connection instead of answering. */
  drop?: boolean;
  /** Handle the request for real (a mutation is applied), then answer with the fault instead. */
  afterHandling?: boolean;
}

/** Which endpoint a fault applies to. */
export type FaultTarget = 'token' | 'graphql';

/** The fault queues of a running emulator. */
export interface FaultQueues {
  token: Fault[];
  graphql: Fault[];
  /** Consulted when a queue is empty: return a fault to inject, or `undefined` to answer normally. */
  random: ((target: FaultTarget) => Fault | undefined) | undefined;
  /** Faults of webhook deliveries: slow, duplicated, out of order; set its fields live. */
  readonly webhook: WebhookFaults;
}

export function createFaultQueues(webhook: WebhookFaults): FaultQueues {
  return { token: [], graphql: [], random: undefined, webhook };
}

export function nextFault(queues: FaultQueues, target: FaultTarget): Fault | undefined {
  return queues[target].shift() ?? queues.random?.(target);
}

/** True when the fault changes the answer, not only its timing. */
export function replacesResponse(fault: Fault): boolean {
  return fault.drop === true || fault.status !== undefined || fault.body !== undefined;
}
