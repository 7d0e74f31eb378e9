import * as fs from 'fs';
import * as path from 'path';
import { deflateSync } from 'zlib';
import { APP_CONFIG, AppConfig } from '../src/core/config/config';
import { TestApp } from './helpers/test-app';
import { createOne, expectStatus, Json } from './helpers/seed';

const ATTACHMENTS = '/api/extras/image-attachments/';
const SITES = '/api/dcim/sites/';
/** Uploads above this are refused: the app below runs with MAX_UPLOAD_SIZE=2kb. */
const LIMIT = 2048;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of this many pixels, its colour from `seed`; `padding` bytes of text make it larger. */
function png(width: number, height: number, seed = 0, padding = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, (_, y) => Buffer.from([0, ...Array.from({ length: width * 3 }, (_, x) => (seed + x + y * 7) & 0xff)])));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    ...(padding ? [chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(padding, 'x')]))] : []),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

describe('image attachments', () => {
  let t: TestApp;
  let media: string;
  let site: Json;

  /** Uploads a file as NetBox's API takes it: a multipart form. */
  const upload = (fields: Record<string, string | number>, file: Buffer | null, filename = 'rack.png', url = ATTACHMENTS, method: 'post' | 'patch' | 'put' = 'post') => {
    let req = t[method](url);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, String(v));
    return file ? req.attach('image', file, filename) : req;
  };
  /** The path below MEDIA_ROOT of an attachment's image URL. */
  const stored = (attachment: Json) => decodeURIComponent(new URL(attachment.image).pathname.replace(/^\/media\//, ''));
  const fileOf = (attachment: Json) => path.join(media, stored(attachment));
  const storedFiles = () => (fs.existsSync(path.join(media, 'image-attachments')) ? fs.readdirSync(path.join(media, 'image-attachments')).sort() : []);
  /** Files are removed once their change has committed, beside the response: waits a little for it. */
  const eventually = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    return check();
  };
  const makeSite = (name: string) => createOne(t, SITES, { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') });

  beforeAll(async () => {
    t = await TestApp.start({ MAX_UPLOAD_SIZE: '2kb' });
    media = t.app.get<AppConfig>(APP_CONFIG).mediaRoot;
    site = await makeSite('Amsterdam 1');
  });
  afterAll(() => t.close());

  it('takes a multipart upload, reads its size from the file and serves it at its URL', async () => {
    const image = png(2, 3);
    const res = await upload({ content_type: 'dcim.site', object_id: site.id, name: 'Front' }, image);
    expectStatus(res, 201);
    expect(Object.keys(res.body)).toEqual(['id', 'url', 'display', 'content_type', 'object_id', 'parent', 'name', 'image', 'image_height', 'image_width', 'created', 'last_updated']);
    const origin = new URL(res.body.url).origin;
    expect(res.body).toMatchObject({
      display: 'Front',
      content_type: 'dcim.site',
      object_id: site.id,
      parent: { id: site.id, url: site.url, display: 'Amsterdam 1', name: 'Amsterdam 1', slug: 'amsterdam-1' },
      name: 'Front',
      // As NetBox's image_upload names it: the object type, its id, the attachment's name with the file's extension.
      image: `${origin}/media/image-attachments/site_${site.id}_Front.png`,
      image_height: 3,
      image_width: 2,
    });
    const served = await t.anon().get(new URL(res.body.image).pathname).buffer(true);
    expectStatus(served, 200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body, image)).toBe(0);
    const head = await t.anon().head(new URL(res.body.image).pathname);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(image.length));

    const brief = await t.get(`${ATTACHMENTS}${res.body.id}/?brief=1`);
    expect(brief.body).toEqual({ id: res.body.id, url: res.body.url, display: 'Front', name: 'Front', image: res.body.image });
  });

  it('names an attachment without a name by its file, never overwriting another file, and keeps names safe', async () => {
    const first = await upload({ content_type: 'dcim.site', object_id: site.id }, png(1, 1, 1), 'rack.png');
    const second = await upload({ content_type: 'dcim.site', object_id: site.id }, png(1, 1, 2), 'rack.png');
    expectStatus(first, 201);
    expectStatus(second, 201);
    expect(first.body.display).toBe('rack.png');
    expect(stored(first.body)).toBe(`image-attachments/site_${site.id}_rack.png`);
    // The name taken, Django's storage adds seven random characters.
    expect(stored(second.body)).toMatch(new RegExp(`^image-attachments/site_${site.id}_rack_[A-Za-z0-9]{7}\\.png$`));
    expect(Buffer.compare(fs.readFileSync(fileOf(first.body)), png(1, 1, 1))).toBe(0);
    expect(Buffer.compare(fs.readFileSync(fileOf(second.body)), png(1, 1, 2))).toBe(0);

    const traversal = await upload({ content_type: 'dcim.site', object_id: site.id }, png(1, 1), '../../etc/evil name?.png');
    expectStatus(traversal, 201);
    expect(stored(traversal.body)).toBe(`image-attachments/site_${site.id}_evil_name.png`);
    const slashed = await upload({ content_type: 'dcim.site', object_id: site.id, name: '../a/b' }, png(1, 1), 'x.png');
    expectStatus(slashed, 201);
    expect(stored(slashed.body)).toBe(`image-attachments/site_${site.id}_..ab.png`);
    expect(slashed.body.display).toBe('../a/b');
  });

  it('takes the image as base64 in JSON, bare or as a data URI', async () => {
    const bare = await t.post(ATTACHMENTS, { content_type: 'dcim.site', object_id: site.id, name: 'Bare', image: png(4, 1).toString('base64') });
    expectStatus(bare, 201);
    expect(bare.body).toMatchObject({ name: 'Bare', image_width: 4, image_height: 1 });
    expect(stored(bare.body)).toBe(`image-attachments/site_${site.id}_Bare.png`);
    const uri = await t.post(ATTACHMENTS, { content_type: 'dcim.site', object_id: site.id, image: `data:image/gif;base64,${GIF.toString('base64')}`, image_height: 99 });
    expectStatus(uri, 201);
    // A size given in the body is the file's, whatever it says.
    expect(uri.body).toMatchObject({ image_width: 1, image_height: 1 });
    expect(uri.body.display).toMatch(/^[0-9a-f-]{36}\.gif$/);
    const served = await t.anon().get(new URL(uri.body.image).pathname).buffer(true);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(Buffer.compare(served.body, GIF)).toBe(0);
  });

  it('refuses what is not an image, under `image`, and keeps no file of it', async () => {
    const before = storedFiles();
    const invalid = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
    const text = await upload({ content_type: 'dcim.site', object_id: site.id }, Buffer.from('not an image'), 'notes.png');
    expectStatus(text, 400);
    expect(text.body).toEqual({ image: [invalid] });
    const svg = await upload({ content_type: 'dcim.site', object_id: site.id }, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'), 'x.svg');
    expect(svg.body).toEqual({ image: [invalid] });
    const json = await t.post(ATTACHMENTS, { content_type: 'dcim.site', object_id: site.id, image: Buffer.from('plain text, no image').toString('base64') });
    expect(json.body).toEqual({ image: [invalid] });
    const url = await t.post(ATTACHMENTS, { content_type: 'dcim.site', object_id: site.id, image: 'http://elsewhere/media/image-attachments/site_1_x.png' });
    expect(url.body).toEqual({ image: ['The submitted data was not a file. Check the encoding type on the form.'] });
    const none = await t.post(ATTACHMENTS, { content_type: 'dcim.site', object_id: site.id });
    expect(none.body).toEqual({ image: ['No file was submitted.'] });
    // Every field's problem at once.
    const both = await upload({ content_type: 'dcim.site', object_id: 'x' }, Buffer.from('nope'));
    expect(both.body).toEqual({ object_id: ['A valid integer is required.'], image: [invalid] });
    expect(storedFiles()).toEqual(before);
  });

  it(`refuses a file over MAX_UPLOAD_SIZE with 413, keyed by image`, async () => {
    const before = storedFiles();
    const large = png(2, 2, 0, LIMIT);
    const multipart = await upload({ content_type: 'dcim.site', object_id: site.id }, large);
    expectStatus(multipart, 413);
    expect(multipart.body).toEqual({ image: [`Ensure this file is no larger than ${LIMIT} bytes.`] });
    const json = await t.post(ATTACHMENTS, { content_type: 'dcim.site', object_id: site.id, image: large.toString('base64') });
    expectStatus(json, 413);
    expect(json.body).toEqual({ image: [`Ensure this file is no larger than ${LIMIT} bytes.`] });
    const bulk = await t.post(ATTACHMENTS, [
      { content_type: 'dcim.site', object_id: site.id, image: png(1, 1).toString('base64') },
      { content_type: 'dcim.site', object_id: site.id, image: large.toString('base64') },
    ]);
    expectStatus(bulk, 413);
    expect(bulk.body).toEqual([{}, { image: [`Ensure this file is no larger than ${LIMIT} bytes.`] }]);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an object that does not exist as NetBox words it, and keeps no file', async () => {
    const before = storedFiles();
    const res = await upload({ content_type: 'dcim.site', object_id: 999999 }, png(1, 1));
    expectStatus(res, 400);
    expect(res.body).toEqual({ non_field_errors: ['Invalid parent object: DCIM | site ID 999999'] });
    const beyond = await upload({ content_type: 'dcim.site', object_id: 99999999999 }, png(1, 1));
    expect([beyond.status, beyond.body]).toEqual([400, { object_id: ['Ensure this value is less than or equal to 2147483647.'] }]);
    const unknown = await upload({ content_type: 'dcim.nothing', object_id: 1 }, png(1, 1));
    expect(unknown.body).toEqual({ content_type: ['Invalid content type: dcim.nothing'] });
    expect(storedFiles()).toEqual(before);
  });

  it('filters by object type, object, name and free text', async () => {
    const other = await makeSite('Filtered');
    const a = await upload({ content_type: 'dcim.site', object_id: other.id, name: 'Cabinet north' }, png(1, 1));
    const b = await upload({ content_type: 'dcim.site', object_id: other.id, name: 'Cabinet south' }, png(1, 1));
    const ids = async (query: string) => {
      const res = await t.get(`${ATTACHMENTS}?${query}`);
      expectStatus(res, 200);
      return res.body.results.map((r: Json) => r.id);
    };
    expect(await ids(`object_id=${other.id}`)).toEqual([a.body.id, b.body.id]);
    expect(await ids(`object_id=${other.id}&name=Cabinet south`)).toEqual([b.body.id]);
    expect(await ids(`object_id=${other.id}&name__ic=NORTH`)).toEqual([a.body.id]);
    expect(await ids(`object_id=${other.id}&q=south`)).toEqual([b.body.id]);
    expect(await ids(`content_type=dcim.site&object_id=${other.id}`)).toEqual([a.body.id, b.body.id]);
    expect(await ids(`content_type=dcim.rack&object_id=${other.id}`)).toEqual([]);
    const [ct] = (await t.get('/api/extras/content-types/?app_label=dcim&model=site')).body.results;
    expect(await ids(`content_type_id=${ct.id}&object_id=${other.id}`)).toEqual([a.body.id, b.body.id]);
    expect(await ids(`content_type_id__n=${ct.id}&object_id=${other.id}`)).toEqual([]);
    expect(await ids(`id=${a.body.id}`)).toEqual([a.body.id]);
    expect(await ids(`created=${a.body.created}&object_id=${other.id}`)).toEqual([a.body.id, b.body.id]);
    expect((await t.get(`${ATTACHMENTS}?object_id=x`)).status).toBe(400);
  });

  it('renames by PATCH and replaces the image by a multipart PATCH or PUT, removing the old file once committed', async () => {
    const first = png(2, 2, 5);
    const created = (await upload({ content_type: 'dcim.site', object_id: site.id, name: 'Rear' }, first)).body;
    const oldFile = fileOf(created);
    const renamed = await t.patch(`${ATTACHMENTS}${created.id}/`, { name: 'Rear view' });
    expectStatus(renamed, 200);
    expect(renamed.body).toMatchObject({ name: 'Rear view', display: 'Rear view', image: created.image, image_width: 2, image_height: 2 });

    const second = png(5, 4, 9);
    const replaced = await upload({}, second, 'new.png', `${ATTACHMENTS}${created.id}/`, 'patch');
    expectStatus(replaced, 200);
    expect(replaced.body).toMatchObject({ name: 'Rear view', image_width: 5, image_height: 4 });
    expect(replaced.body.image).not.toBe(created.image);
    expect(stored(replaced.body)).toBe(`image-attachments/site_${site.id}_Rear_view.png`);
    expect(await eventually(() => !fs.existsSync(oldFile))).toBe(true);
    expect(Buffer.compare(fs.readFileSync(fileOf(replaced.body)), second)).toBe(0);
    expect((await t.anon().get(new URL(created.image).pathname)).status).toBe(404);

    const third = png(3, 3, 1);
    const put = await upload({ content_type: 'dcim.site', object_id: site.id, name: 'Rear' }, third, 'x.png', `${ATTACHMENTS}${created.id}/`, 'put');
    expectStatus(put, 200);
    expect(put.body).toMatchObject({ name: 'Rear', image_width: 3, image_height: 3 });
    expect(await eventually(() => !fs.existsSync(fileOf(replaced.body)))).toBe(true);
    // A PUT gives the file, as NetBox's serializer requires it.
    const without = await t.put(`${ATTACHMENTS}${created.id}/`, { content_type: 'dcim.site', object_id: site.id, name: 'Rear' });
    expect(without.body).toEqual({ image: ['No file was submitted.'] });
    expect(fs.existsSync(fileOf(put.body))).toBe(true);
  });

  it('removes the new file of a replacement that fails, keeping the old one', async () => {
    const created = (await upload({ content_type: 'dcim.site', object_id: site.id, name: 'Kept' }, png(1, 1))).body;
    const before = storedFiles();
    const refused = await upload({ object_id: 999999 }, png(2, 2), 'y.png', `${ATTACHMENTS}${created.id}/`, 'patch');
    expectStatus(refused, 400);
    expect(storedFiles()).toEqual(before);
    expect(fs.existsSync(fileOf(created))).toBe(true);
  });

  it('records changes with the stored path, as NetBox serializes an ImageField', async () => {
    const created = (await upload({ content_type: 'dcim.site', object_id: site.id, name: 'Logged' }, png(1, 2))).body;
    const changes = await t.get(`/api/extras/object-changes/?changed_object_type=extras.imageattachment&changed_object_id=${created.id}`);
    expect(changes.body.results).toHaveLength(1);
    expect(changes.body.results[0].postchange_data).toMatchObject({ content_type: 'dcim.site', object_id: site.id, name: 'Logged', image: stored(created), image_height: 2, image_width: 1 });
    expect(changes.body.results[0].changed_object).toMatchObject({ id: created.id, display: 'Logged', image: created.image });
  });

  it('removes the file once the attachment is deleted', async () => {
    const created = (await upload({ content_type: 'dcim.site', object_id: site.id, name: 'Gone' }, png(1, 1))).body;
    expect(fs.existsSync(fileOf(created))).toBe(true);
    expectStatus(await t.delete(`${ATTACHMENTS}${created.id}/`), 204);
    expect(await eventually(() => !fs.existsSync(fileOf(created)))).toBe(true);
  });

  it('deletes the attachments of a deleted object, and their files', async () => {
    const doomed = await makeSite('Doomed');
    const created = (await upload({ content_type: 'dcim.site', object_id: doomed.id, name: 'Last photo' }, png(1, 1))).body;
    expectStatus(await t.delete(`${SITES}${doomed.id}/`), 204);
    expect((await t.get(`${ATTACHMENTS}${created.id}/`)).status).toBe(404);
    expect(await eventually(() => !fs.existsSync(fileOf(created)))).toBe(true);
  });

  it('keeps the files of a request that rolls back', async () => {
    const kept = (await upload({ content_type: 'dcim.site', object_id: site.id, name: 'Survivor' }, png(1, 1))).body;
    const bulk = await t.delete(ATTACHMENTS, [{ id: kept.id }, { id: 999999 }]);
    expectStatus(bulk, 400);
    // The delete of a site a device protects takes its attachment along, then fails whole.
    const protectedSite = await makeSite('Protected');
    const photo = (await upload({ content_type: 'dcim.site', object_id: protectedSite.id, name: 'Protected photo' }, png(1, 1))).body;
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Maker', slug: 'maker' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'Box', slug: 'box' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Role', slug: 'role' });
    await createOne(t, '/api/dcim/devices/', { name: 'blocker', device_type: type.id, device_role: role.id, site: protectedSite.id });
    expectStatus(await t.delete(`${SITES}${protectedSite.id}/`), 409);
    await new Promise((r) => setTimeout(r, 200));
    for (const attachment of [kept, photo]) {
      expectStatus(await t.get(`${ATTACHMENTS}${attachment.id}/`), 200);
      expect(fs.existsSync(fileOf(attachment))).toBe(true);
    }

    // Another object type: its verbose name leads the file name, and the name shown is the file's without it.
    const typed = await upload({ content_type: 'dcim.devicetype', object_id: type.id }, png(1, 1), 'front.png');
    expectStatus(typed, 201);
    expect(stored(typed.body)).toBe(`image-attachments/device_type_${type.id}_front.png`);
    expect(typed.body.display).toBe('front.png');
  });

  it('serves files only, read-only, never outside MEDIA_ROOT', async () => {
    fs.writeFileSync(path.join(path.dirname(media), 'secret.txt'), 'secret');
    for (const url of ['/media/', '/media/image-attachments/', '/media/../secret.txt', '/media/%2e%2e/secret.txt', '/media/image-attachments/%2e%2e%2f%2e%2e%2fsecret.txt', '/media/nothing.png']) {
      const res = await t.anon().get(url);
      expect([url, res.status]).toEqual([url, 404]);
    }
    const created = (await upload({ content_type: 'dcim.site', object_id: site.id, name: 'Read only' }, png(1, 1))).body;
    const post = await t.post(new URL(created.image).pathname, {});
    expect(post.status).toBe(405);
    expect(fs.existsSync(fileOf(created))).toBe(true);
  });

  it('says it parses multipart forms, and is in the extras root', async () => {
    const options = await t.options(ATTACHMENTS);
    expect(options.body.parses).toEqual(['application/json', 'multipart/form-data']);
    expect(options.body.actions.POST.image).toMatchObject({ type: 'image upload', read_only: false });
    expect(options.body.actions.POST.image_height).toMatchObject({ read_only: true });
    const root = await t.get('/api/extras/');
    expect(root.body['image-attachments']).toMatch(/\/api\/extras\/image-attachments\/$/);
  });
});

describe('media with LOGIN_REQUIRED', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ LOGIN_REQUIRED: 'true' });
  });
  afterAll(() => t.close());

  it('serves files to signed-in users only', async () => {
    const site = await createOne(t, SITES, { name: 'Private', slug: 'private' });
    const created = await t.post(ATTACHMENTS, { content_type: 'dcim.site', object_id: site.id, image: png(1, 1).toString('base64') });
    expectStatus(created, 201);
    const url = new URL(created.body.image).pathname;
    expect((await t.anon().get(url)).status).toBe(403);
    expectStatus(await t.get(url), 200);
  });
});
