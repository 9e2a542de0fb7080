// The app's pages. Hono's `html` template escapes every interpolated value (store names, product
// names, error codes): nothing from a request or a store reaches the page unescaped.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { EventRow } from './latest-events.js';
import type { ProductRow } from './products.js';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `
  body { margin: 0 auto; max-width: 640px; padding: 32px 24px; color: #1d2330;
    font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
  h1 { font-size: 22px; } table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e5e7eb; }
  td.price { text-align: right; white-space: nowrap; } .muted { color: #6b7280; }
  h2 { font-size: 17px; margin-top: 32px; } td.at { white-space: nowrap; }
`;

function layout(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** `/install` for `storeName`, or the form when the store is unknown. */
const installHref = (storeName: string | undefined) =>
  storeName ? `/install?store=${encodeURIComponent(storeName)}` : '/install';

/** Asks for a store's name and starts its install. */
export function installFormPage(): Html {
  return layout(
    'Install the app',
    html`<h1>Install the app</h1>
<form method="get" action="/install">
<label>Store name <input name="store" required pattern="[a-z0-9]([a-z0-9\\-]{0,61}[a-z0-9])?" placeholder="acme"></label>
<button type="submit">Install</button>
</form>
<p class="muted">Installed already? Open the app from your store's admin.</p>`,
  );
}

/**
 * After a successful callback. `webhooksError` is the code of a failed `syncWebhooks`: the install
 * stands, but the store will not send events until the next install registers them.
 */
export function installedPage(storeName: string, webhooksError?: string): Html {
  const webhooks =
    webhooksError === undefined
      ? html`<p class="muted">The store now sends the app its product, order and customer events.</p>`
      : html`<p>Its events could not be registered (<code>${webhooksError}</code>): install again to retry.</p>`;
  return layout(
    `Installed on ${storeName}`,
    html`<h1>Installed on ${storeName}</h1>
<p>The app can now read ${storeName}'s products. Open it from the store's admin ("Open app").</p>
${webhooks}`,
  );
}

/** A refused install or callback: the error's code, never its message or stack. */
export function installErrorPage(code: string, storeName: string | undefined): Html {
  return layout(
    'Install failed',
    html`<h1>Install failed</h1>
<p>The install could not be finished: <code>${code}</code>.</p>
<p><a href="${installHref(storeName)}">Install again</a></p>`,
  );
}

/** A launch whose signature or time does not check out: nothing else is said. */
export function unauthorizedPage(): Html {
  return layout('Unauthorized', html`<h1>Unauthorized</h1>`);
}

/** A verified launch of a store the app has no session for. */
export function notInstalledPage(storeName: string, code: string): Html {
  return layout(
    'Install the app again',
    html`<h1>${storeName}</h1>
<p>The app has no working install on this store (<code>${code}</code>).</p>
<p><a href="${installHref(storeName)}">Install it again</a></p>`,
  );
}

/** A verified launch whose store's API call failed. */
export function storeUnavailablePage(storeName: string, code: string): Html {
  return layout(
    'Store unavailable',
    html`<h1>${storeName}</h1>
<p>The store's API did not answer as expected (<code>${code}</code>). Try again in a moment.</p>`,
  );
}

/** The launch page: the store's first products, then the latest webhook events of the store. */
export function productsPage(
  storeName: string,
  products: ProductRow[],
  count: number,
  events: readonly EventRow[],
): Html {
  const rows = products.map(
    (product) =>
      html`<tr><td class="name">${product.name}</td><td class="price">${product.price ?? '—'}</td></tr>`,
  );
  return layout(
    `${storeName} products`,
    html`<h1>${storeName}</h1>
<p class="muted">The first ${products.length} of ${count} products.</p>
<table>
<thead><tr><th>Product</th><th class="price">Price</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${latestEvents(events)}`,
  );
}

/** The store's latest webhook events, newest first; time in UTC. */
function latestEvents(events: readonly EventRow[]): Html {
  if (events.length === 0) {
    return html`<h2>Latest events</h2>
<p class="muted">None yet: a product, order or customer saved in the store shows here.</p>`;
  }
  const rows = events.map(
    (event) =>
      html`<tr><td class="scope"><code>${event.scope}</code></td><td class="record">${event.recordName ?? '—'}</td><td class="record-id muted">${event.recordId ?? ''}</td><td class="at"><time datetime="${event.at}">${event.at.slice(0, 19).replace('T', ' ')}</time></td></tr>`,
  );
  return html`<h2>Latest events</h2>
<table class="events">
<thead><tr><th>Event</th><th>Record</th><th>Id</th><th>Time (UTC)</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

/** Anything else: a route that does not exist, or an error of ours (logged, not shown). */
export function plainPage(title: string): Html {
  return layout(title, html`<h1>${title}</h1>`);
}
