import type { Request, Response } from 'express';

/** `Accept: application/json; indent=4` asks for pretty-printed JSON. */
export function indentOf(req: Request): number | undefined {
  const m = /application\/json[^,]*;\s*indent=(\d+)/i.exec(req.headers.accept ?? '');
  return m ? Math.min(Number(m[1]), 8) : undefined;
}

/** The browsable rendering: `?format=api`, or a browser asking for HTML before JSON. */
export function wantsHtml(req: Request): boolean {
  const format = req.query.format;
  if (format === 'json') return false;
  if (format === 'api') return true;
  const accept = req.headers.accept ?? '';
  return /text\/html/.test(accept) && !/application\/json/.test(accept.split('text/html')[0]);
}

/** JSON as `JSON.stringify` writes it without indent: what a response may stream instead of building whole. */
export function plainJson(req: Request): boolean {
  return !wantsHtml(req) && indentOf(req) === undefined;
}

export function renderBody(req: Request, res: Response, body: unknown): string {
  if (wantsHtml(req)) {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    return browsablePage(req, res.statusCode, JSON.stringify(body, null, 4) ?? '');
  }
  res.setHeader('Content-Type', 'application/json');
  return JSON.stringify(body, null, indentOf(req)) ?? '';
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** JSON with every absolute URL turned into a link, so the API can be walked in a browser. */
function browsablePage(req: Request, status: number, json: string): string {
  const linked = escapeHtml(json).replace(/&quot;(https?:\/\/[^&\s]+)&quot;/g, (_m, url: string) => `&quot;<a href="${url}">${url}</a>&quot;`);
  const path = escapeHtml(req.originalUrl.split('?')[0]);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${path} - Inventory API</title>
<style>body{font-family:sans-serif;margin:2em}pre{background:#f6f8fa;padding:1em;overflow:auto}</style></head>
<body><h1>${path}</h1><p><a href="/api/">API root</a> · <a href="/api/schema/swagger-ui/">API documentation</a></p>
<p><b>HTTP ${status}</b> ${escapeHtml(req.method)} ${escapeHtml(req.originalUrl)}</p>
<pre>${linked}</pre></body></html>
`;
}
