/**
 * The dev inspector's page: what it received, rendered on the server (no script, so no CSP to
 * relax). It does not reload itself unless asked (`?refresh=N` seconds): a reload closes every
 * payload one had opened, so by default a "Reload" link fetches new deliveries when one wants them.
 */
import type { InspectedRequest } from './inspector.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function entry(request: InspectedRequest): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body, null, 2);
  return `<section><h2>${escapeHtml(`${request.receivedAt} ${request.method} ${request.url}`)}</h2>
<details><summary>headers</summary><pre>${escapeHtml(headers)}</pre></details>
<pre>${escapeHtml(body ?? '')}</pre></section>`;
}

/** Seconds between reloads a reader may ask for; anything else means no reload. */
export function refreshSeconds(value: string | undefined): number | undefined {
  const seconds = Number(value);
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= 3600 ? seconds : undefined;
}

/** The page; `token` is the one it was opened with, carried by its links. */
export function inspectorPage(requests: InspectedRequest[], token: string, refresh?: number): string {
  const tokenQuery = `token=${encodeURIComponent(token)}`;
  const reload = refresh
    ? `this page reloads every ${refresh} s (<a href="/dev/inspector?${escapeHtml(tokenQuery)}">stop</a>).`
    : `<a href="/dev/inspector?${escapeHtml(tokenQuery)}">Reload</a> for new deliveries, or <a href="/dev/inspector?${escapeHtml(tokenQuery)}&amp;refresh=3">reload every 3 s</a>.`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">${refresh ? `<meta http-equiv="refresh" content="${refresh}">` : ''}
<title>Conversa dev inspector (${requests.length})</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:70rem}pre{background:#f4f4f5;padding:.75rem;overflow:auto}
h2{font-size:14px;margin:1.5rem 0 .25rem}section{border-top:1px solid #ddd}</style></head>
<body><h1>Dev inspector</h1>
<p>Every request to <code>/dev/inspector</code> (the demo organization's webhook endpoint points here), newest first;
${reload} As JSON: <a href="/dev/inspector/requests?${escapeHtml(tokenQuery)}">/dev/inspector/requests</a>.
Development only: it does not exist when <code>NODE_ENV=production</code>.</p>
${requests.length ? requests.map(entry).join('\n') : '<p>Nothing received yet.</p>'}
</body></html>`;
}
