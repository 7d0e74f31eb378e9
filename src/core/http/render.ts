import { Logger, StreamableFile } from '@nestjs/common';
import type { ServerResponse } from 'http';
import type { Request, Response } from 'express';
import { Readable } from 'stream';
import { RawJson, jsonBytesOf } from '../serialize/raw-json';

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
  const indent = indentOf(req);
  return indent ? JSON.stringify(body, null, indent) ?? '' : compactJson(body);
}

/** `JSON.stringify(body)`, with a representation already written as JSON taken as it is (lists: `renderResponse`). */
function compactJson(body: unknown): string {
  return body instanceof RawJson ? body.json : (JSON.stringify(body) ?? '');
}

/**
 * Past this many results a plain JSON list is streamed a buffer at a time rather than copied into one: those
 * bytes are outside V8's heap either way, but a 1,000-object page would be megabytes copied once more.
 */
const LONG_LIST = 50;
const COMMA = Buffer.from(',');
const LIST_END = Buffer.from(']}');

/**
 * The body a handler returned, as `renderBody` writes it. A plain JSON list is put together from each result's
 * bytes, so that a remembered object is never decoded to a string and encoded again: in one buffer, or, past
 * LONG_LIST results, streamed buffer by buffer.
 */
export function renderResponse(req: Request, res: Response, body: unknown): string | Buffer | StreamableFile {
  if (!plainJson(req) || !isList(body)) return renderBody(req, res, body);
  const { results, ...head } = body;
  // The same bytes as `JSON.stringify(body)`: the keys before `results`, then each result.
  const buffers: Buffer[] = [Buffer.from(JSON.stringify({ ...head, results: [] }).slice(0, -2))];
  results.forEach((result, i) => {
    if (i) buffers.push(COMMA);
    buffers.push(jsonBytesOf(result));
  });
  buffers.push(LIST_END);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  const length = buffers.reduce((n, buffer) => n + buffer.length, 0);
  return results.length > LONG_LIST ? jsonStream(Readable.from(buffers), length) : Buffer.concat(buffers, length);
}

/** A list page: `{count, next, previous, results}`, results last. */
function isList(body: unknown): body is { results: unknown[] } & Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || body instanceof RawJson) return false;
  const keys = Object.keys(body);
  return keys[keys.length - 1] === 'results' && Array.isArray((body as { results?: unknown }).results);
}

const logger = new Logger('API');

/**
 * The body of a 200 JSON response that Nest pipes out with backpressure. Past the headers an error
 * can no longer become an error body: the connection is cut so the client sees a truncated answer.
 */
export function jsonStream(stream: Readable, length?: number): StreamableFile {
  return new StreamableFile(stream, { type: 'application/json', length })
    // Nest's type of the response leaves out destroy; it is Node's response.
    .setErrorHandler((_e, res) => (res as unknown as ServerResponse).destroy())
    .setErrorLogger((e) => {
      // A client that went away is no fault of the service.
      if ((e as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') logger.error(`Streaming a response: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    });
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
