import { AUTHORIZE_PATH, type AuthorizeRequest } from './authorize-request.js';
import { escapeHtml, renderPage } from './html-page.js';
import { APP_SCOPES } from './oauth-scopes.js';

/** What the consent page shows besides the request. */
export interface ConsentPageContext {
  readonly appName: string;
  readonly storeName: string;
  /** The store's origin as production has it, e.g. `acme.myikas.com`, shown above the title. */
  readonly origin: string;
}

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/**
 * The consent page of an authorization request: the app, the store, the scopes asked for, and
 * a form that POSTs the request back with the merchant's decision (`install` or `cancel`).
 */
export function renderConsentPage(context: ConsentPageContext, request: AuthorizeRequest): string {
  const app = escapeHtml(context.appName);
  const store = escapeHtml(context.storeName);
  const scopes = request.scopes
    .map((scope) => `<li><code>${scope}</code> ${escapeHtml(APP_SCOPES[scope])}</li>`)
    .join('\n');
  const body = `<p><strong>${app}</strong> asks to be installed on the store <strong>${store}</strong>, with access to:</p>
<ul class="scopes">
${scopes}
</ul>
<form method="post" action="${AUTHORIZE_PATH}">
${hidden('response_type', 'code')}
${hidden('client_id', request.clientId)}
${hidden('redirect_uri', request.redirectUri)}
${hidden('scope', request.scopes.join(','))}
${hidden('state', request.state)}
<div class="actions">
<button type="submit" name="decision" value="install">Install</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</div>
</form>`;
  return renderPage(context.origin, `Install ${context.appName}`, body);
}
