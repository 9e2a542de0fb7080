import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderConsentPage } from './authorize-page.js';
import { AUTHORIZE_PATH, checkAuthorizeRequest } from './authorize-request.js';
import { sendErrorPage, sendHtml } from './html-page.js';
import { readBody, send } from './http-io.js';
import { handleStoreToken, type StoreGrantDeps } from './oauth-grants.js';
import { ADMIN_PATH, renderAdminPage, UNINSTALL_PATH } from './store-admin-page.js';
import type { StoreState } from './store-state.js';
import { TOKEN_PATH } from './token-endpoint.js';

/** The largest form the authorize and uninstall endpoints read. */
export const MAX_FORM_BYTES = 16_384;

/** What a store's token host works with. */
export interface StoreHostDeps extends StoreGrantDeps {
  readonly appName: string;
  /** Where launches go, for the admin page's "Open app" link. */
  readonly appUrl: string | undefined;
  /** A fresh signed launch URL of `store` into `appUrl`. */
  launchUrl(store: StoreState, appUrl: string): string;
}

const redirect = (res: ServerResponse, status: 302 | 303, location: string) =>
  send(res, status, '', { location, 'cache-control': 'no-store' });

/**
 * A store's token host, `https://{store}.myikas.com` in production: the authorize (consent)
 * page, the token endpoint of a public app, and a small admin page with Uninstall.
 */
export function createStoreHost(store: StoreState, deps: StoreHostDeps) {
  const origin = `${store.name}.myikas.com (emulated)`;
  const page = { appName: deps.appName, storeName: store.name, origin };

  const authorize = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    let params = url.searchParams;
    if (req.method === 'POST') {
      const body = await readBody(req, MAX_FORM_BYTES);
      if (body.tooLarge) return sendErrorPage(res, 413, origin, 'The form is too large.');
      const contentType = (req.headers['content-type'] ?? '').toLowerCase();
      if (!contentType.startsWith('application/x-www-form-urlencoded')) {
        return sendErrorPage(
          res,
          400,
          origin,
          'Send the form as application/x-www-form-urlencoded.',
        );
      }
      params = new URLSearchParams(body.text);
    } else if (req.method !== 'GET') {
      return sendErrorPage(res, 405, origin, 'Use GET or POST.');
    }
    const check = checkAuthorizeRequest(params, deps.clientId);
    if (!check.ok) return sendErrorPage(res, 400, origin, check.message);
    const { request } = check;
    if (req.method === 'GET') return sendHtml(res, 200, renderConsentPage(page, request));

    const decision = params.getAll('decision');
    const back = new URL(request.redirectUri);
    if (decision.length === 1 && decision[0] === 'install') {
      const code = store.install.issueCode(
        { clientId: request.clientId, redirectUri: request.redirectUri },
        request.scopes,
      );
      store.stats.installs++;
      back.searchParams.set('code', code);
    } else if (decision.length === 1 && decision[0] === 'cancel') {
      store.stats.cancels++;
      back.searchParams.set('error', 'access_denied');
    } else {
      return sendErrorPage(res, 400, origin, 'Choose Install or Cancel.');
    }
    back.searchParams.set('storeName', store.name);
    back.searchParams.set('state', request.state);
    redirect(res, 302, back.href);
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    switch (url.pathname) {
      case TOKEN_PATH:
        return handleStoreToken(req, res, store, deps);
      case AUTHORIZE_PATH:
        return authorize(req, res, url);
      case ADMIN_PATH: {
        if (req.method !== 'GET') return sendErrorPage(res, 405, origin, 'Use GET.');
        const launchUrl =
          deps.appUrl === undefined ? undefined : deps.launchUrl(store, deps.appUrl);
        return sendHtml(res, 200, renderAdminPage(store, { ...page, launchUrl }));
      }
      case UNINSTALL_PATH: {
        if (req.method !== 'POST') return sendErrorPage(res, 405, origin, 'Use POST.');
        const body = await readBody(req, MAX_FORM_BYTES);
        if (body.tooLarge) return sendErrorPage(res, 413, origin, 'The form is too large.');
        deps.revoke(store);
        return redirect(res, 303, ADMIN_PATH);
      }
      default:
        return sendErrorPage(res, 404, origin, `No page here. Try ${ADMIN_PATH}.`);
    }
  };
}
