import * as fs from 'fs';
import type { AddressInfo } from 'net';
import { Browser, chromium } from 'playwright-core';
import { createOne } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(120_000);

// Debian's chromium; missing, the suite fails rather than skips.
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('the GraphQL query page in a browser', () => {
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

  it('runs a query as the signed-in user, offline, and shows errors as GraphQL errors', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Every request must stay on the service: the page works without internet access.
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(base)) elsewhere.push(request.url());
    });
    try {
      await page.goto(`${base}/login/`);
      await page.fill('#username', 'admin');
      await page.fill('#password', 'admin-password');
      await Promise.all([page.waitForURL(/\/api\/$/), page.click('#login')]);

      const response = await page.goto(`${base}/graphql/`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
      await page.fill('#query', '{ site_list { name slug } user_list { username } }');
      await page.click('#run');
      await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('HTTP'));
      expect(await page.textContent('#status')).toBe('HTTP 200');
      // Users are visible only to a signed-in user with permission: the session counted.
      expect(JSON.parse((await page.textContent('#result')) ?? '')).toEqual({ data: { site_list: [{ name: 'Browser DC', slug: 'browser-dc' }], user_list: [{ username: 'admin' }] } });

      await page.fill('#query', '{ site_list { nonexistent } }');
      await page.click('#run');
      await page.waitForFunction(() => document.querySelector('#result')?.textContent?.includes('nonexistent'));
      expect(await page.textContent('#status')).toBe('HTTP 400');
      expect(JSON.parse((await page.textContent('#result')) ?? '').errors[0].message).toBe('Cannot query field "nonexistent" on type "SiteType".');
      expect(elsewhere).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('takes the query from the address, and runs it for an anonymous visitor with what they may see', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${base}/graphql/?query=${encodeURIComponent('{ site_list { name } }')}`);
      expect(await page.inputValue('#query')).toBe('{ site_list { name } }');
      await page.click('#run');
      await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('HTTP'));
      expect(JSON.parse((await page.textContent('#result')) ?? '')).toEqual({ data: { site_list: [] } });
    } finally {
      await context.close();
    }
  });
});
