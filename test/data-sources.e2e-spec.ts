import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FILES, SOURCES, filesOfSource, lastSyncJob, syncedSource } from './helpers/data-sources';
import { Json, createOne } from './helpers/seed';
import { TestApp } from './helpers/test-app';
import { grant, makeUserWithToken } from './helpers/users';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('Data sources and data files', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datasource-test-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function write(files: Record<string, string | null>): void {
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(dir, name);
      if (content === null) fs.rmSync(file);
      else {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, content);
      }
    }
  }

  it('are NetBox’s model: fields, choices, checks, brief form and filters', async () => {
    const source = await createOne(t, SOURCES, { name: 'Configs', type: 'local', source_url: `file://${dir}`, description: 'Golden configs' });
    expect(Object.keys(source)).toEqual([
      'id', 'url', 'display', 'name', 'type', 'source_url', 'enabled', 'status', 'description', 'comments', 'parameters', 'ignore_rules',
      'created', 'last_updated', 'file_count',
    ]);
    expect(source).toMatchObject({
      display: 'Configs', type: { value: 'local', label: 'Local' }, status: { value: 'new', label: 'New' }, enabled: true, parameters: null, ignore_rules: '', file_count: 0,
    });
    const brief = (await t.get(`${SOURCES}${source.id}/?brief=1`).expect(200)).body;
    expect(brief).toEqual({ id: source.id, url: source.url, display: 'Configs', name: 'Configs' });

    expect((await t.post(SOURCES, { name: 'Web', type: 'local', source_url: 'https://example.com/x' }).expect(400)).body).toEqual({
      source_url: ['URLs for local sources must start with file:// (or specify no scheme)'],
    });
    expect(Object.keys((await t.post(SOURCES, { name: 'Odd', type: 'svn', source_url: '/x' }).expect(400)).body)).toEqual(['type']);
    expect(Object.keys((await t.post(SOURCES, { name: 'Params', source_url: '/x', parameters: [1] }).expect(400)).body)).toEqual(['parameters']);
    expect(Object.keys((await t.post(SOURCES, { name: 'Configs', source_url: '/x' }).expect(400)).body)).toEqual(['name']);
    // The status is the server's to set.
    const patched = (await t.patch(`${SOURCES}${source.id}/`, { status: 'completed', enabled: false }).expect(200)).body;
    expect(patched).toMatchObject({ status: { value: 'new' }, enabled: false });

    const git = await createOne(t, SOURCES, { name: 'Repo', type: 'git', source_url: 'https://git.example.com/r.git', parameters: { branch: 'main' } });
    const names = async (query: string) => (await t.get(`${SOURCES}?${query}`).expect(200)).body.results.map((s: Json) => s.name);
    expect(await names('type=git')).toEqual(['Repo']);
    expect(await names('status=new&enabled=false')).toEqual(['Configs']);
    expect(await names('q=golden')).toEqual(['Configs']);
    expect(await names('name__isw=rep')).toEqual(['Repo']);
    await t.delete(`${SOURCES}${git.id}/`).expect(204);
    await t.delete(`${SOURCES}${source.id}/`).expect(204);
  });

  const synced = (source: Json, token?: string) => syncedSource(t, source, token);
  const filesOf = (source: Json) => filesOfSource(t, source);
  const lastJob = (source: Json) => lastSyncJob(t, source);

  it('sync a directory into data files as a job: hidden and ignored files left out, changes, removals and additions followed', async () => {
    write({ 'a.txt': 'alpha', 'sub/b.yaml': 'b: 1', '.hidden': 'x', 'notes.bak': 'old', '.git/config': 'x' });
    const source = await createOne(t, SOURCES, { name: 'Local', source_url: dir, ignore_rules: '*.bak\n' });
    const after = await synced(source);
    expect(after).toMatchObject({ status: { value: 'completed', label: 'Completed' }, file_count: 2 });
    const job = await lastJob(source);
    expect(job).toMatchObject({ object_type: 'core.datasource', object_id: source.id, status: { value: 'completed' }, user: { username: 'admin' } });

    const files = await filesOf(source);
    expect(files.map((f) => f.path)).toEqual(['a.txt', 'sub/b.yaml']);
    expect(Object.keys(files[0])).toEqual(['id', 'url', 'display', 'source', 'path', 'last_updated', 'size', 'hash']);
    expect(files[0]).toMatchObject({ display: 'a.txt', source: { id: source.id, display: 'Local', name: 'Local' }, size: 5, hash: sha256('alpha') });
    const brief = (await t.get(`${FILES}${files[0].id}/?brief=1`).expect(200)).body;
    expect(brief).toEqual({ id: files[0].id, url: files[0].url, display: 'a.txt', path: 'a.txt' });
    expect((await t.get(`${FILES}?source=Local&path__ic=yaml`).expect(200)).body.results.map((f: Json) => f.path)).toEqual(['sub/b.yaml']);
    expect((await t.get(`${FILES}?q=a.t`).expect(200)).body.count).toBe(1);
    expect((await t.get(`${FILES}?hash=${sha256('b: 1')}`).expect(200)).body.count).toBe(1);
    // Files are the syncs' to write.
    await t.post(FILES, { path: 'x' }).expect(405);
    await t.delete(`${FILES}${files[0].id}/`).expect(405);

    write({ 'a.txt': 'alpha, changed', 'sub/b.yaml': null, 'c.json': '{}' });
    await synced(source);
    const again = await filesOf(source);
    expect(again.map((f) => f.path)).toEqual(['a.txt', 'c.json']);
    expect(again[0]).toMatchObject({ id: files[0].id, size: 14, hash: sha256('alpha, changed') });
    expect(again[0].last_updated > files[0].last_updated).toBe(true);
    // Unchanged files keep their time.
    const before = again[1].last_updated;
    await synced(source);
    expect((await filesOf(source))[1].last_updated).toBe(before);

    // Deleting the source deletes its files.
    await t.delete(`${SOURCES}${source.id}/`).expect(204);
    expect((await t.get(`${FILES}?path=a.txt`).expect(200)).body.count).toBe(0);
  });

  it('fail visibly when the source cannot be read: the source failed, the job errored with the reason', async () => {
    const source = await createOne(t, SOURCES, { name: 'Gone', source_url: path.join(dir, 'missing') });
    expect(await synced(source)).toMatchObject({ status: { value: 'failed' }, file_count: 0 });
    const job = await lastJob(source);
    expect(job.status.value).toBe('errored');
    expect(job.data.error).toMatch(/cannot be read/);
    const s3 = await createOne(t, SOURCES, { name: 'Bucket', type: 'amazon-s3', source_url: 'https://s3.us-east-1.amazonaws.com/bucket' });
    expect((await synced(s3)).status.value).toBe('failed');
    expect((await lastJob(s3)).data.error).toMatch(/not supported/);
    await t.post(`${SOURCES}999999/sync/`).expect(404);
  });

  it('sync needs the sync action on data sources', async () => {
    const source = await createOne(t, SOURCES, { name: 'Guarded', source_url: dir });
    const { user, key } = await makeUserWithToken(t, 'syncer');
    await grant(t, { object_types: ['core.datasource'], actions: ['view'], users: [user.id] });
    expect((await t.post(`${SOURCES}${source.id}/sync/`, undefined, key).expect(403)).body).toEqual({
      detail: 'Syncing data sources requires the core.sync_datasource permission.',
    });
    await grant(t, { object_types: ['core.datasource'], actions: ['sync'], users: [user.id] });
    expect((await synced(source, key)).status.value).toBe('completed');
  });

  it('back config contexts, config templates and export templates: linked to a file, read from it on save and on sync/', async () => {
    write({ 'ntp.yaml': 'ntp:\n  - 10.0.0.1\n', 'base.j2': 'hostname {{ name }}', 'export.j2': '{% for t in queryset %}{{ t.name }};{% endfor %}', 'bad.yaml': 'a: [1', 'list.yaml': '- 1' });
    const source = await createOne(t, SOURCES, { name: 'Backing', source_url: dir });
    await synced(source);
    const file = async (p: string) => (await filesOf(source)).find((f) => f.path === p)!;
    const ntp = await file('ntp.yaml');

    const context = await createOne(t, '/api/extras/config-contexts/', { name: 'From file', data: {}, data_file: ntp.id });
    expect(context).toMatchObject({
      data: { ntp: ['10.0.0.1'] },
      data_source: { id: source.id, name: 'Backing' },
      data_path: 'ntp.yaml',
      data_file: { id: ntp.id, path: 'ntp.yaml', display: 'ntp.yaml' },
    });
    expect(context.data_synced).not.toBeNull();
    const keys = Object.keys(context);
    expect(keys.slice(keys.indexOf('tags'))).toEqual(['tags', 'data_source', 'data_path', 'data_file', 'data_synced', 'data', 'created', 'last_updated']);
    expect((await t.get(`/api/extras/config-contexts/?data_file_id=${ntp.id}`).expect(200)).body.count).toBe(1);
    expect((await t.get(`/api/extras/config-contexts/?data_source_id=${source.id}`).expect(200)).body.count).toBe(1);
    expect((await t.get(`/api/extras/config-contexts/?data_synced__gte=2000-01-01`).expect(200)).body.count).toBe(1);

    // A change to the file reaches the context once the source and then the context are synced.
    write({ 'ntp.yaml': 'ntp:\n  - 10.0.0.9\n' });
    await synced(source);
    expect((await t.get(`/api/extras/config-contexts/${context.id}/`).expect(200)).body.data).toEqual({ ntp: ['10.0.0.1'] });
    const resynced = (await t.post(`/api/extras/config-contexts/${context.id}/sync/`).expect(200)).body;
    expect(resynced.data).toEqual({ ntp: ['10.0.0.9'] });
    expect(resynced.data_synced > context.data_synced).toBe(true);
    const changes = (await t.get(`/api/extras/object-changes/?changed_object_type=extras.configcontext&changed_object_id=${context.id}`).expect(200)).body.results;
    expect(changes.map((c: Json) => c.action.value)).toEqual(['update', 'create']);

    // Files that do not fit are refused, keyed by the file.
    expect(Object.keys((await t.post('/api/extras/config-contexts/', { name: 'Bad', data: {}, data_file: (await file('bad.yaml')).id }).expect(400)).body)).toEqual(['data_file']);
    expect(Object.keys((await t.post('/api/extras/config-contexts/', { name: 'List', data: {}, data_file: (await file('list.yaml')).id }).expect(400)).body)).toEqual(['data']);
    expect(Object.keys((await t.post('/api/extras/config-contexts/', { name: 'None', data: {}, data_file: 999999 }).expect(400)).body)).toEqual(['data_file']);

    const template = await createOne(t, '/api/extras/config-templates/', { name: 'Filed', template_code: 'placeholder', data_file: (await file('base.j2')).id });
    expect(template).toMatchObject({ template_code: 'hostname {{ name }}', data_path: 'base.j2', data_source: { id: source.id } });
    const rendered = (await t.post(`/api/extras/config-templates/${template.id}/render/`, { name: 'r1' }).expect(200)).body;
    expect(rendered.content).toBe('hostname r1');

    const exportTemplate = await createOne(t, '/api/extras/export-templates/', { name: 'Names', content_types: ['tenancy.tenant'], template_code: 'x', data_file: (await file('export.j2')).id });
    expect(exportTemplate).toMatchObject({ template_code: '{% for t in queryset %}{{ t.name }};{% endfor %}', data_path: 'export.j2' });
    await createOne(t, '/api/tenancy/tenants/', { name: 'T1', slug: 't1' });
    expect((await t.get('/api/tenancy/tenants/?export=Names').expect(200)).text).toBe('T1;');

    // Unlinking keeps the content and forgets the file; sync/ then changes nothing.
    const unlinked = (await t.patch(`/api/extras/config-templates/${template.id}/`, { data_file: null }).expect(200)).body;
    expect(unlinked).toMatchObject({ template_code: 'hostname {{ name }}', data_file: null, data_path: '', data_synced: null });
    expect((await t.post(`/api/extras/config-templates/${template.id}/sync/`).expect(200)).body.template_code).toBe('hostname {{ name }}');

    // A source that objects come from cannot be deleted; a vanished file leaves them unlinked.
    expect((await t.delete(`${SOURCES}${source.id}/`).expect(409)).body.detail).toMatch(/^Unable to delete object. 3 dependent objects were found/);
    write({ 'ntp.yaml': null });
    await synced(source);
    expect((await t.get(`/api/extras/config-contexts/${context.id}/`).expect(200)).body).toMatchObject({ data_file: null, data: { ntp: ['10.0.0.9'] } });
  });

  it("back a config context profile's schema (4.4, /v4 only): read from its file on save and on sync/, and checked as a schema", async () => {
    write({ 'ntp-schema.yaml': 'type: object\nrequired: [ntp]\n', 'not-a-schema.yaml': 'type: objekt\n' });
    const source = await createOne(t, SOURCES, { name: 'Schemas', source_url: dir });
    await synced(source);
    const file = async (p: string) => (await filesOf(source)).find((f) => f.path === p)!;
    const profiles = '/v4/api/extras/config-context-profiles/';
    const profile = await createOne(t, profiles, { name: 'Filed schema', data_file: (await file('ntp-schema.yaml')).id });
    expect(profile).toMatchObject({ schema: { type: 'object', required: ['ntp'] }, data_path: 'ntp-schema.yaml', data_source: { id: source.id } });
    expect((await t.get(`${profiles}?data_source_id=${source.id}`).expect(200)).body.count).toBe(1);
    write({ 'ntp-schema.yaml': 'type: object\nrequired: [ntp, dns]\n' });
    await synced(source);
    expect((await t.post(`${profiles}${profile.id}/sync/`).expect(200)).body.schema).toEqual({ type: 'object', required: ['ntp', 'dns'] });
    expect((await t.post(profiles, { name: 'Typo', data_file: (await file('not-a-schema.yaml')).id }).expect(400)).body).toEqual({
      data_file: ["Invalid JSON schema definition: 'objekt' is not valid under any of the given schemas"],
    });
  });

  it('sync/ of a synced object needs the sync action on its model', async () => {
    const context = await createOne(t, '/api/extras/config-contexts/', { name: 'Plain', data: { a: 1 } });
    const { user, key } = await makeUserWithToken(t, 'ctxsync');
    await grant(t, { object_types: ['extras.configcontext'], actions: ['view', 'change'], users: [user.id] });
    expect((await t.post(`/api/extras/config-contexts/${context.id}/sync/`, undefined, key).expect(403)).body).toEqual({ detail: 'Missing permission: extras.sync_configcontext' });
    await grant(t, { object_types: ['extras.configcontext'], actions: ['sync'], users: [user.id] });
    expect((await t.post(`/api/extras/config-contexts/${context.id}/sync/`, undefined, key).expect(200)).body.data).toEqual({ a: 1 });
    await t.post('/api/extras/config-contexts/999999/sync/').expect(404);
    await t.get(`/api/extras/config-contexts/${context.id}/sync/`).expect(405);
  });
});
