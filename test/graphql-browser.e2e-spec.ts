import * as fs from 'fs';
import type { AddressInfo } from 'net';
import { Browser, Page, chromium } from 'playwright-core';
import { createOne } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(120_000);

// Debian's chromium; missing, the suite fails rather than skips.
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('GraphiQL at /graphql/ in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await TestApp.start();
    await createOne(t, '/api/dcim/sites/', { name: 'Browser DC', slug: 'browser-dc' });
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** The text GraphiQL shows as the result, once it holds `expected`. */
  async function resultHolding(page: Page, expected: string): Promise<string> {
    await page.waitForFunction((text) => document.querySelector('.graphiql-response')?.textContent?.includes(text), expected, { timeout: 30_000 });
    return (await page.textContent('.graphiql-response')) ?? '';
  }

  it('serves GraphiQL, offline, which queries as the signed-in user and shows errors as GraphQL errors', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Every request must stay on the service: the page works without internet access.
    const elsewhere: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(base)) elsewhere.push(request.url());
    });
    page.on('pageerror', (error) => failed.push(error.message));
    try {
      await page.goto(`${base}/login/`);
      await page.fill('#username', 'admin');
      await page.fill('#password', 'admin-password');
      await Promise.all([page.waitForURL(/\/api\/$/), page.click('#login')]);

      const query = '{ site_list { name slug } user_list { username } }';
      const response = await page.goto(`${base}/graphql/?query=${encodeURIComponent(query)}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
      await page.waitForSelector('.graphiql-container');
      await page.click('.graphiql-execute-button');
      // Users are visible only to a signed-in user with permission: the session counted.
      const result = await resultHolding(page, 'browser-dc');
      expect(result).toContain('"username": "admin"');
      expect(result).toContain('"name": "Browser DC"');

      await page.goto(`${base}/graphql/?query=${encodeURIComponent('{ site_list { nonexistent } }')}`);
      await page.waitForSelector('.graphiql-container');
      await page.click('.graphiql-execute-button');
      expect(await resultHolding(page, 'nonexistent')).toContain('Cannot query field \\"nonexistent\\" on type \\"SiteType\\".');
      expect(elsewhere).toEqual([]);
      expect(failed).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('runs a query for an anonymous visitor with what they may see, and serves only its own assets', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${base}/graphql/?query=${encodeURIComponent('{ site_list { name } }')}`);
      await page.waitForSelector('.graphiql-container');
      await page.click('.graphiql-execute-button');
      expect(await resultHolding(page, 'site_list')).toMatch(/"site_list": \[\]/);
    } finally {
      await context.close();
    }
    const asset = await t.get('/graphql/static/graphiql.min.js', null);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect((await t.get('/graphql/static/package.json', null)).status).toBe(404);
  });
});
