import type { Response } from 'supertest';
import { TestApp } from './test-app';

export const TENANTS = '/api/tenancy/tenants/';
export const TENANT_GROUPS = '/api/tenancy/tenant-groups/';

/** A JSON object as a client sees it. */
export type Json = Record<string, any>;

/** Fails with the method, path and body of the response, which a bare status comparison would hide. */
export function expectStatus(res: Response, status: number): void {
  if (res.status !== status) {
    const req = (res as unknown as { req?: { method?: string; path?: string } }).req;
    throw new Error(`expected HTTP ${status}, got ${res.status} for ${req?.method ?? ''} ${req?.path ?? ''}: ${res.text}`);
  }
}

/** Creates the objects in one bulk POST and returns them in the order given. */
export async function bulkCreate(t: TestApp, path: string, objects: Json[]): Promise<Json[]> {
  const res = await t.post(path, objects);
  expectStatus(res, 201);
  return res.body;
}

export async function createOne(t: TestApp, path: string, object: Json): Promise<Json> {
  const res = await t.post(path, object);
  expectStatus(res, 201);
  return res.body;
}

/** The ids a list answers with, in its order; fails unless it answers 200. */
export async function listedIds(t: TestApp, url: string): Promise<number[]> {
  const res = await t.get(url);
  expectStatus(res, 200);
  return res.body.results.map((r: Json) => r.id);
}

/** The body of a list's refusal; fails unless it answers 400. */
export async function refusedList(t: TestApp, url: string): Promise<Json> {
  const res = await t.get(url);
  expectStatus(res, 400);
  return res.body;
}

export const pad3 = (n: number): string => String(n).padStart(3, '0');

/**
 * `count` tenants named `tenant-000`, `tenant-001`, ... but created in a scrambled order, so that the order
 * by name differs from the order by id. Slugs run the other way (`tenant-000` has slug `slug-<count-1>`),
 * so that ordering by slug differs from ordering by name. Even-numbered tenants are described `even`, the others `odd`.
 * Returns the created tenants sorted by name.
 */
export async function seedNumberedTenants(t: TestApp, count: number): Promise<Json[]> {
  // A stride coprime with the count visits every number once, out of order.
  const stride = [7, 11, 13, 17, 19, 23].find((s) => gcd(s, count) === 1) ?? 1;
  const objects = Array.from({ length: count }, (_, k) => {
    const n = (k * stride) % count;
    return {
      name: `tenant-${pad3(n)}`,
      slug: `slug-${pad3(count - 1 - n)}`,
      description: n % 2 === 0 ? 'even' : 'odd',
    };
  });
  const created = await bulkCreate(t, TENANTS, objects);
  return [...created].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The names of a list response's results, in order. */
export function names(res: Response): string[] {
  return res.body.results.map((o: Json) => o.name);
}

/** Path and query of an absolute URL, to follow it with the test client. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

/** The query parameters of a URL, as sorted [name, value] pairs. */
export function queryOf(url: string): [string, string][] {
  return [...new URL(url).searchParams.entries()].sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of the superuser the harness bootstraps (`admin`). */
export async function superuserId(t: TestApp): Promise<number> {
  const res = await t.get('/api/users/users/?username=admin');
  expectStatus(res, 200);
  expect(res.body.results).toHaveLength(1);
  return res.body.results[0].id;
}
