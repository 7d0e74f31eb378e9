import { AppConfig } from '../config/config';
import { QueryParams } from '../query/filters';

export interface Page {
  /** Undefined: no limit (pagination off). */
  limit: number | undefined;
  offset: number;
}

/** A whole number of the query string; one beyond what either database takes reads as the largest they do, an empty page. */
function nonNegative(raw: string | string[] | undefined): number | undefined {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  return value !== undefined && /^\d+$/.test(value) ? Math.min(Number(value), Number.MAX_SAFE_INTEGER) : undefined;
}

/** NetBox's limit rules: capped by MAX_PAGE_SIZE; `limit=0` means all only when there is no maximum. */
export function pageOf(params: QueryParams, config: Pick<AppConfig, 'paginateCount' | 'maxPageSize'>): Page {
  const requested = nonNegative(params.limit);
  const offset = nonNegative(params.offset) ?? 0;
  if (requested === undefined) return { limit: config.paginateCount, offset };
  if (config.maxPageSize) return { limit: requested === 0 ? config.maxPageSize : Math.min(requested, config.maxPageSize), offset };
  return { limit: requested === 0 ? undefined : requested, offset };
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
