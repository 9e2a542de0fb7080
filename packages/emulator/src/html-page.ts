import type { ServerResponse } from 'node:http';
import { send } from './http-io.js';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` safe in HTML text and in a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

const STYLE = `
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f5f7;
    font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2330; }
  main { background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgb(0 0 0 / 8%);
    padding: 28px 32px; width: min(440px, calc(100vw - 48px)); }
  .origin { margin: 0 0 4px; color: #6b7280; font-size: 13px; }
  h1 { margin: 0 0 16px; font-size: 20px; }
  ul { padding-left: 20px; } li { margin: 4px 0; }
  code { background: #f0f1f4; border-radius: 4px; padding: 1px 5px; font-size: 13px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; }
  dt { color: #6b7280; } dd { margin: 0; overflow-wrap: anywhere; }
  .actions { display: flex; flex-direction: row-reverse; gap: 8px; margin-top: 24px; }
  button, a.button { font: inherit; border-radius: 8px; padding: 8px 18px; cursor: pointer;
    border: 1px solid #d0d4dc; background: #fff; color: #1d2330; text-decoration: none; }
  button[value="install"], a.button { background: #4b3bff; border-color: #4b3bff; color: #fff; }
  .error { color: #b42318; }
`;

/** A whole page: a small card with `title` as its heading and `bodyHtml` (already escaped). */
export function renderPage(origin: string, title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="origin">${escapeHtml(origin)}</p>
<h1>${escapeHtml(title)}</h1>
${bodyHtml}
</main>
</body>
</html>
`;
}

/** Sends a page, never cached, never framed, with no scripts allowed. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  send(res, status, html, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
  });
}

/** Answers an error page: a heading and one line, for a person at a browser. */
export function sendErrorPage(
  res: ServerResponse,
  status: number,
  origin: string,
  message: string,
): void {
  const title = status === 404 ? 'Not found' : 'This request cannot be completed';
  sendHtml(res, status, renderPage(origin, title, `<p class="error">${escapeHtml(message)}</p>`));
}
