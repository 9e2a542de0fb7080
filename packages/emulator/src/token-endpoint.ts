import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorStats } from './emulator-stats.js';
import type { Fault, FaultQueues } from './faults.js';
import { faultBeforeHandling, MAX_BODY_BYTES, readBody, sendFault, sendJson } from './http-io.js';
import type { TokenRegistry } from './token-registry.js';

/** Path of the token endpoint below `authUrl`. */
export const TOKEN_PATH = '/api/admin/oauth/token';

export interface TokenEndpointDeps {
  clientId: string;
  clientSecret: string;
  tokenLifetimeS: () => number;
  registry: TokenRegistry;
  stats: EmulatorStats;
  faults: FaultQueues;
}

/** An RFC 6749 §5.2 error answer; `description` is a fixed text, never a value sent. */
export const oauthError = (
  res: ServerResponse,
  status: number,
  error: string,
  description: string,
) =>
  sendJson(res, status, { error, error_description: description }, { 'cache-control': 'no-store' });

/** A token request's form, read once its preamble passed; `fault` is one to apply after handling. */
export interface TokenForm {
  readonly form: URLSearchParams;
  readonly fault: Fault | undefined;
}

/**
 * What every token endpoint checks before its grant: a bounded body, the scripted fault, POST and
 * a form body. Answers the request itself and resolves `undefined` when one of them fails.
 */
export async function readTokenForm(
  req: IncomingMessage,
  res: ServerResponse,
  deps: { faults: FaultQueues; stats: EmulatorStats },
): Promise<TokenForm | undefined> {
  const body = await readBody(req);
  if (body.tooLarge) {
    oauthError(res, 413, 'invalid_request', `The request body exceeds ${MAX_BODY_BYTES} bytes`);
    return undefined;
  }
  const fault = await faultBeforeHandling(req, res, deps, 'token');
  if (fault === 'done') return undefined;
  if (req.method !== 'POST') {
    oauthError(res, 405, 'invalid_request', 'Use POST');
    return undefined;
  }
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    oauthError(
      res,
      400,
      'invalid_request',
      'Content-Type must be application/x-www-form-urlencoded',
    );
    return undefined;
  }
  return { form: new URLSearchParams(body.text), fault };
}

/** `POST /api/admin/oauth/token`: the client-credentials grant, with RFC 6749 §5.2 errors. */
export function createTokenEndpoint(deps: TokenEndpointDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    if (url.pathname !== TOKEN_PATH) {
      sendJson(res, 404, {
        error: 'not_found',
        error_description: `No route ${url.pathname} on the token host`,
      });
      return;
    }
    deps.stats.tokenRequests++;
    const read = await readTokenForm(req, res, deps);
    if (!read) return;
    const { form, fault } = read;
    const missing = ['grant_type', 'client_id', 'client_secret'].filter((name) => !form.get(name));
    if (missing.length > 0) {
      oauthError(res, 400, 'invalid_request', `Missing parameter: ${missing.join(', ')}`);
      return;
    }
    if (form.get('grant_type') !== 'client_credentials') {
      oauthError(res, 400, 'unsupported_grant_type', 'Only client_credentials is supported');
      return;
    }
    if (
      form.get('client_id') !== deps.clientId ||
      form.get('client_secret') !== deps.clientSecret
    ) {
      oauthError(res, 401, 'invalid_client', 'Client authentication failed');
      return;
    }
    const lifetimeS = deps.tokenLifetimeS();
    const accessToken = deps.registry.issue(deps.clientId, lifetimeS);
    deps.stats.tokensIssued++;
    sendTokenAnswer(req, res, fault, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: lifetimeS,
    });
  };
}

/**
 * A granted token's answer: `body` as JSON with `cache-control: no-store`, or, for a fault that
 * applies after handling, the fault instead (the grant happened, its answer is lost).
 */
export function sendTokenAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  fault: Fault | undefined,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  if (fault?.afterHandling) {
    sendFault(req, res, fault);
    return;
  }
  sendJson(res, 200, body, { 'cache-control': 'no-store', ...headers });
}
