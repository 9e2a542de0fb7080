import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { EmulatorStats } from './emulator-stats.js';
import {
  type Fault,
  type FaultQueues,
  type FaultTarget,
  nextFault,
  replacesResponse,
} from './faults.js';

/** The largest request body either host reads. */
export const MAX_BODY_BYTES = 1_000_000;

/** A request body, or the fact that it was over {@link MAX_BODY_BYTES}. */
export type BodyRead =
  | { readonly tooLarge: false; readonly text: string }
  | { readonly tooLarge: true };

/**
 * Reads a request body of at most `maxBytes` ({@link MAX_BODY_BYTES} unless told). Past the cap
 * the rest is read and dropped rather than left unread, so that the client gets the 413 answer
 * instead of a reset.
 */
export async function readBody(
  req: IncomingMessage,
  maxBytes: number = MAX_BODY_BYTES,
): Promise<BodyRead> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= maxBytes) chunks.push(chunk as Buffer);
  }
  return size > maxBytes
    ? { tooLarge: true }
    : { tooLarge: false, text: Buffer.concat(chunks).toString('utf8') };
}

export function send(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { 'content-length': Buffer.byteLength(body).toString(), ...headers });
  res.end(body);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  send(res, status, JSON.stringify(value), {
    'content-type': 'application/json; charset=utf-8',
    ...headers,
  });
}

/** Waits out a fault's delay; resolves false when the client went away meanwhile. */
export async function waitFault(res: ServerResponse, fault: Fault | undefined): Promise<boolean> {
  if (fault?.delayMs) await delay(fault.delayMs);
  return !res.destroyed && !res.socket?.destroyed;
}

/** Answers with a fault's status and body, or drops the connection. */
export function sendFault(req: IncomingMessage, res: ServerResponse, fault: Fault): void {
  if (fault.drop) {
    req.socket.destroy();
    return;
  }
  send(res, fault.status ?? 500, fault.body ?? '', fault.headers ?? {});
}

/**
 * Takes the next fault for `target` and plays the part that comes before handling: a fault that
 * replaces the answer is sent now (or the connection dropped); a delay is waited out. Resolves
 * to `'done'` when nothing is left to do (answered, or the client went away while waiting), else
 * to the fault still to apply after handling, if any.
 */
export async function faultBeforeHandling(
  req: IncomingMessage,
  res: ServerResponse,
  deps: { faults: FaultQueues; stats: EmulatorStats },
  target: FaultTarget,
): Promise<'done' | Fault | undefined> {
  const fault = nextFault(deps.faults, target);
  if (fault) deps.stats.faultsInjected++;
  if (!(await waitFault(res, fault))) return 'done';
  if (fault && !fault.afterHandling && replacesResponse(fault)) {
    sendFault(req, res, fault);
    return 'done';
  }
  return fault;
}
