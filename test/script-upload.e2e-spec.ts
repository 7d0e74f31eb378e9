import * as fs from 'fs';
import { REDIS_SERVER, RedisServer } from './helpers/redis-server';
import { WorkerProcess, buildIfNeeded, startWorkerProcess } from './helpers/service-process';
import { expectStatus, Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';
import { grant, makeUserWithToken } from './helpers/users';

jest.setTimeout(180_000);

const UPLOAD = '/v4/api/extras/scripts/upload/';
const SCRIPTS = '/v4/api/extras/scripts/';
const TERMINAL = ['completed', 'errored', 'failed'];

/** A module of one script, `Greet`, whose output is `<greeting>, <name>`; `more` adds to the module. */
const greeter = (greeting: string, more = '') => `
const { Script, StringVar } = require('inventory-service/plugin-api');

class Greet extends Script {
  static description = 'Greets someone';
  static vars = { name: new StringVar({ label: 'Name' }) };
  run(data, ctx) {
    ctx.log_info('greeting ' + data.name);
    return '${greeting}, ' + data.name;
  }
}
${more}
module.exports = { Greet };
`;

/** Uploaded scripts: modules of the service's plugin API, in CommonJS, stored in the database. */
describe('script modules uploaded as NetBox 4.5.7 takes them', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start({ PLUGINS: 'dns' });
  });
  afterAll(() => t?.close());

  const upload = (file: string, source: string, token?: string | null) => t.post(UPLOAD, undefined, token).attach('file', Buffer.from(source), file);
  const replace = (lookup: string | number, file: string, source: string, method: 'put' | 'patch' = 'patch', token?: string | null) =>
    t[method](`${UPLOAD}${lookup}/`, undefined, token).attach('file', Buffer.from(source), file);
  const modules = async () => (await t.get(`${SCRIPTS}?limit=0`).expect(200)).body.results.map((s: Json) => `${s.display}:${s.is_executable}`).sort();

  async function ended(job: Json): Promise<Json> {
    const path = new URL(job.url).pathname;
    for (let i = 0; i < 400; i++) {
      const res = await t.get(path);
      expectStatus(res, 200);
      if (TERMINAL.includes(res.body.status.value)) return res.body;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${job.url} did not end`);
  }
  const run = async (script: string, data: Json) => {
    const res = await t.post(`${SCRIPTS}${script}/`, { data, commit: true });
    expectStatus(res, 200);
    return ended(res.body.result);
  };

  let greeterId: number;

  it('creates a module from a multipart file, answering as NetBox\'s serializer (the file write-only)', async () => {
    const res = await upload('greeter.js', greeter('Hello'));
    expectStatus(res, 201);
    greeterId = res.body.id;
    expect(res.body).toEqual({ id: expect.any(Number), display: 'greeter', file_path: 'greeter.js', created: expect.any(String), last_updated: expect.any(String) });
    expect(Object.keys(res.body)).toEqual(['id', 'display', 'file_path', 'created', 'last_updated']);
  });

  it('lists its scripts as <module>.<ClassName> on both APIs, and runs them as a plugin\'s', async () => {
    const listed = (await t.get(`${SCRIPTS}?name=Greet`).expect(200)).body.results;
    expect(listed).toEqual([expect.objectContaining({ name: 'Greet', display: 'Greet (greeter)', module: greeterId, description: 'Greets someone', vars: { name: 'StringVar' }, is_executable: true })]);
    const old = (await t.get('/api/extras/scripts/').expect(200)).body.map((s: Json) => s.id);
    expect(old).toEqual(['dns.AddHosts', 'dns.CreateSiteWithRacks', 'greeter.Greet']);
    const job = await run('greeter.Greet', { name: 'Ada' });
    expect(job.status.value).toBe('completed');
    expect(job.data.output).toBe('Hello, Ada');
    expect(job.data.log).toEqual([expect.objectContaining({ status: 'info', message: 'greeting Ada' })]);
    // The job names its module, as 4.x shows it.
    expect(job.object).toEqual({ id: greeterId, display: 'greeter' });
  });

  it('replaces its content under the same file name, by file name or id: the new classes run, the gone ones are not executable', async () => {
    const extra = "class Wave extends Script { run() { return 'waved'; } }\nmodule.exports.Wave = Wave;";
    const before = (await t.get(`${SCRIPTS}greeter.Greet/`).expect(200)).body;
    const res = await replace('greeter.js', 'greeter.js', greeter('Goodbye', extra).replace('module.exports = { Greet };', 'module.exports = { Greet, Wave };'));
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: greeterId, file_path: 'greeter.js' });
    expect((await run('greeter.Greet', { name: 'Ada' })).data.output).toBe('Goodbye, Ada');
    expect((await run('greeter.Wave', {})).data.output).toBe('waved');
    // The script keeps its id and its latest job.
    const after = (await t.get(`${SCRIPTS}greeter.Greet/`).expect(200)).body;
    expect(after.id).toBe(before.id);

    const put = await replace(greeterId, 'greeter.js', "const { Script } = require('inventory-service/plugin-api');\nexports.Wave = class Wave extends Script { run() { return 'waved again'; } };", 'put');
    expectStatus(put, 200);
    expect(await modules()).toEqual(['AddHosts (dns):true', 'CreateSiteWithRacks (dns):true', 'Greet (greeter):false', 'Wave (greeter):true']);
    expect((await t.get('/api/extras/scripts/').expect(200)).body.map((s: Json) => s.id)).toEqual(['dns.AddHosts', 'dns.CreateSiteWithRacks', 'greeter.Wave']);
    expect((await t.post(`${SCRIPTS}greeter.Greet/`, { data: { name: 'x' }, commit: true })).status).toBe(404);
    expect((await run('greeter.Wave', {})).data.output).toBe('waved again');
  });

  it('refuses what NetBox refuses, keyed as its serializer keys it, and writes nothing', async () => {
    const count = await modules();
    const refusals: Array<[Promise<{ status: number; body: Json }>, Json]> = [
      [upload('greeter.js', greeter('Hi')), { non_field_errors: ['A script module with this file name already exists.'] }],
      [upload('dns.js', greeter('Hi')), { non_field_errors: ['The module name "dns" is a plugin\'s script module.'] }],
      [t.post(UPLOAD).field('name', 'x'), { file: ['No file was submitted.'] }],
      [t.post(UPLOAD, { file: 'module.exports = {}' }), { file: ['The submitted data was not a file. Check the encoding type on the form.'] }],
      [upload('empty.js', ''), { file: ['The submitted file is empty.'] }],
      [upload('two.parts.js', greeter('Hi')), { file: ['The file name must be a module name (letters, digits, "_" and "-", at most 100) followed by ".js".'] }],
      [upload('script.py', greeter('Hi')), { file: ['The file name must be a module name (letters, digits, "_" and "-", at most 100) followed by ".js".'] }],
      [upload('broken.js', 'class {\n'), { non_field_errors: [expect.stringMatching(/^Error loading script: SyntaxError: .+ \(broken\.js, line 1\)$/)] }],
      [upload('reader.js', "const fs = require('fs');\nmodule.exports = {};"), { non_field_errors: ['Error loading script: Cannot require "fs": an uploaded script module may require only "inventory-service/plugin-api"'] }],
      [upload('thrower.js', "throw new Error('nope');"), { non_field_errors: ['Error loading script: Error: nope'] }],
      [
        upload('unknown.js', "const { Script, ObjectVar } = require('inventory-service/plugin-api');\nexports.S = class S extends Script { static vars = { x: new ObjectVar({ model: 'dcim.nothing' }) }; run() {} };"),
        { non_field_errors: ['Error loading script: script S: variable x names an unknown model "dcim.nothing"'] },
      ],
      [replace('greeter.js', 'other.js', greeter('Hi')), { file: ['The uploaded file name must match the existing file path (greeter.js).'] }],
      [t.patch(`${UPLOAD}greeter.js/`).field('name', 'x'), { file: ['This field is required.'] }],
      [t.put(`${UPLOAD}greeter.js/`).field('name', 'x'), { file: ['No file was submitted.'] }],
      [replace('greeter.js', 'greeter.js', 'module.exports = ;'), { non_field_errors: [expect.stringMatching(/^Error loading script: SyntaxError: /)] }],
    ];
    for (const [sent, body] of refusals) {
      const res = await sent;
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body });
    }
    expect(await modules()).toEqual(count);
    // The refused replacement left the module as it was.
    expect((await run('greeter.Wave', {})).data.output).toBe('waved again');
  });

  it('answers 404 for a module that is not uploaded, 405 for what the view set lacks, and 404 on /api/', async () => {
    const dns = (await t.get(`${SCRIPTS}dns.AddHosts/`).expect(200)).body.module;
    expect((await replace(dns, 'dns.js', greeter('Hi'))).status).toBe(404);
    expect((await replace('nothing.js', 'nothing.js', greeter('Hi'))).status).toBe(404);
    expect((await replace(99999999999, 'x.js', greeter('Hi'))).status).toBe(404);
    for (const [method, path] of [['get', UPLOAD], ['delete', UPLOAD], ['get', `${UPLOAD}greeter.js/`], ['delete', `${UPLOAD}${greeterId}/`]] as const) {
      const res = await t[method](path);
      expect({ method, path, status: res.status, body: res.body }).toEqual({ method, path, status: 405, body: { detail: `Method "${method.toUpperCase()}" not allowed.` } });
    }
    const options = await t.options(UPLOAD);
    expect({ status: options.status, allow: options.headers.allow, parses: options.body.parses }).toEqual({ status: 200, allow: 'POST, OPTIONS', parses: ['application/json', 'multipart/form-data'] });
    expect((await t.options(`${UPLOAD}greeter.js/`)).headers.allow).toBe('PUT, PATCH, OPTIONS');
    expect((await t.post('/api/extras/scripts/upload/').attach('file', Buffer.from(greeter('Hi')), 'v3.js')).status).toBe(404);
    expect((await t.patch('/api/extras/scripts/upload/greeter.js/').attach('file', Buffer.from(greeter('Hi')), 'greeter.js')).status).toBe(404);
  });

  it('needs extras.add_scriptmodule and extras.change_scriptmodule, within their constraints', async () => {
    const { user, key } = await makeUserWithToken(t, 'uploader');
    expect((await upload('mine.js', greeter('Hi'), key)).status).toBe(403);
    expect((await upload('mine.js', greeter('Hi'), null)).status).toBe(403);
    await grant(t, { object_types: ['extras.scriptmodule'], actions: ['add'], constraints: { name: 'mine' }, users: [user.id] });
    expect((await upload('yours.js', greeter('Hi'), key)).status).toBe(403);
    expect((await upload('mine.js', greeter('Hi'), key)).status).toBe(201);
    expect((await replace('mine.js', 'mine.js', greeter('Yo'), 'patch', key)).status).toBe(403);
    await grant(t, { object_types: ['extras.scriptmodule'], actions: ['change'], constraints: { name: 'mine' }, users: [user.id] });
    expect((await replace('mine.js', 'mine.js', greeter('Yo'), 'patch', key)).status).toBe(200);
    // Outside the constraints the module is not there for this user.
    expect((await replace('greeter.js', 'greeter.js', greeter('Yo'), 'patch', key)).status).toBe(404);
    expect(await modules()).not.toContain('Greet (yours):true');
  });

  it('documents the routes in /v4/api/schema/ only', async () => {
    const v4 = (await t.get('/v4/api/schema/?format=json').expect(200)).body.paths;
    expect(v4[UPLOAD].post.operationId).toBe('extras_scripts_upload_create');
    expect(Object.keys(v4[`${UPLOAD}{id}/`])).toEqual(['put', 'patch']);
    const v3 = (await t.get('/api/schema/?format=json').expect(200)).body.paths;
    expect(v3['/api/extras/scripts/upload/']).toBeUndefined();
  });

  it('loads uploaded modules from the database when the service starts again', async () => {
    const again = await TestApp.start(t.env);
    try {
      const listed = (await again.get('/api/extras/scripts/').expect(200)).body.map((s: Json) => s.id);
      expect(listed).toEqual(['dns.AddHosts', 'dns.CreateSiteWithRacks', 'greeter.Wave', 'mine.Greet']);
      // And sees another process's replacement as soon as it asks.
      expect((await replace('mine.js', 'mine.js', greeter('Hey'))).status).toBe(200);
      const res = await again.post(`${SCRIPTS}mine.Greet/`, { data: { name: 'Bo' }, commit: true });
      expectStatus(res, 200);
      let job = res.body.result;
      for (let i = 0; i < 400 && !TERMINAL.includes(job.status.value); i++) {
        await new Promise((r) => setTimeout(r, 50));
        job = (await again.get(new URL(job.url).pathname).expect(200)).body;
      }
      expect(job.data.output).toBe('Hey, Bo');
    } finally {
      await again.stop();
    }
  });
});

const haveRedis = fs.existsSync(REDIS_SERVER);

/** A worker process started before a module was uploaded runs its scripts, as the database holds them. */
(haveRedis ? describe : describe.skip)('uploaded scripts run by a worker process', () => {
  let redis: RedisServer;
  let t: TestApp;
  let worker: WorkerProcess;

  beforeAll(async () => {
    buildIfNeeded();
    redis = await RedisServer.start();
    t = await TestApp.start({ REDIS_URL: redis.url });
    worker = await startWorkerProcess(t.env);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await redis?.stop();
  });

  const runOnWorker = async (name: string) => {
    const res = await t.post(`${SCRIPTS}greeter.Greet/`, { data: { name }, commit: true });
    expectStatus(res, 200);
    let job = res.body.result;
    for (let i = 0; i < 400 && !TERMINAL.includes(job.status.value); i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await t.get(new URL(job.url).pathname).expect(200)).body;
    }
    return job;
  };

  it('loads a module uploaded after it started, and its replacement', async () => {
    expectStatus(await t.post(UPLOAD).attach('file', Buffer.from(greeter('Hello')), 'greeter.js'), 201);
    expect(await runOnWorker('Ada')).toMatchObject({ status: { value: 'completed' }, data: { output: 'Hello, Ada' } });
    expectStatus(await t.patch(`${UPLOAD}greeter.js/`).attach('file', Buffer.from(greeter('Bye')), 'greeter.js'), 200);
    expect(await runOnWorker('Ada')).toMatchObject({ status: { value: 'completed' }, data: { output: 'Bye, Ada' } });
  });
});
