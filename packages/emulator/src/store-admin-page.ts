import { escapeHtml, renderPage } from './html-page.js';
import type { StoreState } from './store-state.js';

/** Path of a store host's admin page, and of its Uninstall form's target. */
export const ADMIN_PATH = '/admin';
export const UNINSTALL_PATH = '/admin/uninstall';

/** What the admin page shows besides the store. */
export interface AdminPageContext {
  readonly appName: string;
  /** The store's origin as production has it, shown above the title. */
  readonly origin: string;
  /** A fresh signed launch URL, when an app URL is configured. */
  readonly launchUrl: string | undefined;
}

/**
 * A store's admin page: the store, its merchant, and the app's install. When installed: an
 * "Open app" link (with an app URL configured) and an "Uninstall" button.
 */
export function renderAdminPage(store: StoreState, context: AdminPageContext): string {
  const { install } = store;
  const row = (term: string, value: string) =>
    `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`;
  const details = [
    row('Store', store.name),
    row('Merchant id', String(store.data.merchant.id)),
    row('Authorized app id', store.authorizedAppId),
    row('App', context.appName),
    row('Status', install.installed ? `installed (${install.scopes.join(', ')})` : 'not installed'),
  ].join('\n');
  const open =
    install.installed && context.launchUrl !== undefined
      ? `<a class="button" href="${escapeHtml(context.launchUrl)}">Open app</a>`
      : '';
  const actions = install.installed
    ? `<form class="actions" method="post" action="${UNINSTALL_PATH}">
<button type="submit" name="decision" value="uninstall">Uninstall</button>
${open}
</form>`
    : "<p>The app is not installed: an install starts from the app, which sends you to this store's authorize page.</p>";
  return renderPage(context.origin, `${store.name} admin`, `<dl>\n${details}\n</dl>\n${actions}`);
}
