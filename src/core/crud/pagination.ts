import { AppConfig } from '../config/config';
import { ValidationError } from '../http/errors';
import type { Dialect } from '../dialect/dialect';
import { ModelDef } from '../model/model';
import { QueryParams, filtersFor } from '../query/filters';

export interface Page {
  /** Undefined: no limit (pagination off). */
  limit: number | undefined;
  offset: number;
  /** Cursor pagination: the objects whose id is at least this, in id order, uncounted. */
  start?: number;
}

/** A whole number of the query string; one beyond what either database takes reads as the largest they do, an empty page. */
function nonNegative(raw: string | string[] | undefined): number | undefined {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  return value !== undefined && /^\d+$/.test(value) ? Math.min(Number(value), Number.MAX_SAFE_INTEGER) : undefined;
}

/** NetBox's limit rules: capped by MAX_PAGE_SIZE; `limit=0` means all only when there is no maximum. */
export function pageOf(params: QueryParams, config: Pick<AppConfig, 'paginateCount' | 'maxPageSize'>, cursor = true): Page {
  const requested = nonNegative(params.limit);
  const offset = nonNegative(params.offset) ?? 0;
  const start = cursor ? startOf(params) : undefined;
  const from = start === undefined ? {} : { start };
  if (requested === undefined) return { limit: config.paginateCount, offset, ...from };
  if (config.maxPageSize) return { limit: requested === 0 ? config.maxPageSize : Math.min(requested, config.maxPageSize), offset, ...from };
  return { limit: requested === 0 ? undefined : requested, offset, ...from };
}

/**
 * `?start=<id>`, the cursor pagination NetBox 4.6 added: an extension here, refused beside `offset`
 * or `ordering` as NetBox refuses it. A list whose filter set has its own `start` (ASN ranges) keeps
 * NetBox 3.5's meaning: the caller passes `cursor` false.
 */
function startOf(params: QueryParams): number | undefined {
  const raw = params.start;
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (!/^\s*\+?\d+\s*$/.test(value)) throw new ValidationError(["Invalid 'start' parameter: must be a non-negative integer."]);
  if (params.offset !== undefined) throw new ValidationError(["'start' and 'offset' are mutually exclusive."]);
  if (params.ordering !== undefined) throw new ValidationError(['Ordering cannot be specified in conjunction with cursor-based pagination.']);
  return Math.min(Number(value), Number.MAX_SAFE_INTEGER);
}

/** Links of a page by cursor: forward only, from the id after the page's last while the page is full. */
export function cursorLinks(url: string, page: Page, ids: number[]): { next: string | null; previous: null } {
  if (page.limit === undefined || ids.length < page.limit) return { next: null, previous: null };
  return { next: withParams(url, { start: ids[ids.length - 1] + 1, limit: page.limit, offset: undefined }), previous: null };
}

/** Whether `start` pages by cursor on this list (in the request's dialect): not where it is a filter. */
export function takesCursor(model: ModelDef, dialect?: Dialect): boolean {
  return !filtersFor(model, dialect).has('start');
}

/** `next` and `previous` as DRF builds them: the request's URL with limit and offset replaced, keys sorted. */
export function pageLinks(url: string, page: Page, count: number): { next: string | null; previous: string | null } {
  if (page.limit === undefined) return { next: null, previous: null };
  const limit = page.limit;
  const next = page.offset + limit < count ? withParams(url, { limit, offset: page.offset + limit }) : null;
  let previous: string | null = null;
  if (page.offset > 0) {
    previous = page.offset - limit <= 0 ? withParams(url, { limit, offset: undefined }) : withParams(url, { limit, offset: page.offset - limit });
  }
  return { next, previous };
}

function withParams(url: string, replace: Record<string, number | undefined>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(replace)) {
    u.searchParams.delete(k);
    if (v !== undefined) u.searchParams.set(k, String(v));
  }
  u.searchParams.sort();
  return u.toString();
}
