import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../core/config/config';
import { CrudService, RequestContext } from '../../core/crud/crud.service';
import { ChangeEvents, ChangeListener, CommittedChanges } from '../../core/events/change-events';
import { ApiError, ValidationError } from '../../core/http/errors';
import { Row, registry } from '../../core/model/model';
import { Representation } from '../../core/serialize/serializer';
import { contentTypeName } from '../models';
import { ImageAttachment } from './image-attachment.model';
import { ATTACHMENTS_DIR, NO_FILE, ReadImage, RefusedImage, StoredImage, TooLarge, Upload, attachmentFilename, readImage, uploadFromJson } from './images';
import { MediaStore } from './media-store';
import type { Dialect } from '../../core/dialect/dialect';

/** One body of a write, with what it replaces and the file a multipart request sent for it. */
interface Item {
  body: unknown;
  previous: Row | null;
  file?: Upload;
  /** Whether the body must give an image (a create, a PUT). */
  required: boolean;
}

type Body = Record<string, unknown>;

const isBody = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Writes of image attachments. A body's image is read, and stored below MEDIA_ROOT, before the write's transaction;
 * the file stays only if a committed change names it. Files that committed changes leave behind (an attachment
 * deleted, by itself or with its object, or its image replaced) are removed once the change has committed.
 */
@Injectable()
export class ImageAttachmentWrites implements ChangeListener, OnModuleInit {
  /** Files stored for writes still under way: removed unless a committed change takes them. */
  private readonly pending = new Set<string>();

  constructor(
    private readonly crud: CrudService,
    private readonly events: ChangeEvents,
    private readonly media: MediaStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.listen(this);
  }

  async wantsDeleted(): Promise<readonly Dialect[]> {
    return [];
  }

  async committed({ changes }: CommittedChanges): Promise<void> {
    const left: string[] = [];
    // Before anything is awaited: the request that stored a file learns it is kept as soon as its transaction commits.
    for (const change of changes) {
      if (change.model !== ImageAttachment) continue;
      const before = imageOf(change.prechange);
      const after = change.action === 'delete' ? null : imageOf(change.postchange);
      if (after) this.pending.delete(after);
      if (before && before !== after) left.push(before);
    }
    for (const file of left) await this.media.remove(file);
  }

  async create(body: unknown, ctx: RequestContext, file?: Upload): Promise<Representation | Representation[]> {
    const single = !Array.isArray(body);
    const items = (single ? [body] : (body as unknown[])).map((b) => ({ body: b, previous: null, file, required: true }));
    const bodies = await this.prepare(items, single, ctx);
    return this.keepingCommitted(bodies, () => this.crud.create(ImageAttachment, single ? bodies[0] : bodies, ctx));
  }

  async update(id: number, body: unknown, partial: boolean, ctx: RequestContext, file?: Upload): Promise<Representation> {
    const previous = await this.crud.internalRow(ImageAttachment, id);
    const [prepared] = await this.prepare([{ body, previous, file, required: !partial }], true, ctx);
    return this.keepingCommitted([prepared], () => this.crud.update(ImageAttachment, id, prepared, partial, ctx));
  }

  async bulkUpdate(body: unknown, partial: boolean, ctx: RequestContext): Promise<Representation[]> {
    if (!Array.isArray(body)) return this.crud.bulkUpdate(ImageAttachment, body, partial, ctx);
    const previous = await Promise.all(
      body.map((item) => {
        const id = isBody(item) ? String(item.id ?? '') : '';
        return /^\d{1,9}$/.test(id) ? this.crud.internalRow(ImageAttachment, Number(id)) : null;
      }),
    );
    const bodies = await this.prepare(body.map((b, i) => ({ body: b, previous: previous[i], required: !partial })), false, ctx);
    return this.keepingCommitted(bodies, () => this.crud.bulkUpdate(ImageAttachment, bodies, partial, ctx));
  }

  /**
   * Each body with its image read and, where its object can be named, stored. An image over MAX_UPLOAD_SIZE
   * refuses the whole request with 413 before anything is stored.
   */
  private async prepare(items: Item[], single: boolean, ctx: RequestContext): Promise<unknown[]> {
    const read = items.map((item) => this.read(item));
    if (read.some((r) => r.image instanceof TooLarge)) {
      const errors = read.map((r) => (r.image instanceof TooLarge ? { image: [r.image.message] } : {}));
      throw new ApiError(413, single ? errors[0] : errors);
    }
    const stored: string[] = [];
    const bodies: unknown[] = [];
    try {
      for (const [i, { body, image }] of read.entries()) {
        const filename = image instanceof ReadImage ? this.filename(body as Body, items[i].previous, image, ctx) : null;
        if (!filename) {
          bodies.push(image === undefined ? body : { ...(body as Body), image });
          continue;
        }
        const { upload, width, height } = image as ReadImage;
        const path = await this.media.save(ATTACHMENTS_DIR, filename, upload.bytes);
        stored.push(path);
        this.pending.add(path);
        bodies.push({ ...(body as Body), image: new StoredImage(path, width, height, upload.bytes.length) });
      }
    } catch (e) {
      await this.discard(stored);
      throw e;
    }
    return bodies;
  }

  /** The body without what the file decides, and the image it gives, read. */
  private read({ body, file, required }: Item): { body: unknown; image?: ReadImage | RefusedImage | TooLarge } {
    if (!isBody(body)) return { body };
    const { image_height: _height, image_width: _width, image_size: _size, ...rest } = body;
    if (file) return { body: rest, image: readImage(file, this.config.maxUploadSize) };
    if (!('image' in rest)) return { body: rest, image: required ? new RefusedImage([NO_FILE]) : undefined };
    if (rest.image instanceof RefusedImage) return { body: rest, image: rest.image };
    const upload = uploadFromJson(rest.image);
    return { body: rest, image: upload instanceof RefusedImage ? upload : readImage(upload, this.config.maxUploadSize) };
  }

  /**
   * The file name NetBox gives the image, from the body's object type, object id and name (or the attachment's
   * own); none when those are invalid, which the write reports.
   */
  private filename(body: Body, previous: Row | null, image: ReadImage, ctx: RequestContext): string | null {
    const { content_type: typeField, object_id: idField, name: nameField } = ImageAttachment.fields;
    try {
      // The body in stored names (4.x's `object_type` is the stored `content_type`), values as stored.
      const stored = (ctx.dialect?.bodyIn(ImageAttachment, body) ?? body) as Body;
      const type = 'content_type' in stored ? (typeField.parse(stored.content_type) as string) : previous?.content_type;
      const id = 'object_id' in stored ? (idField.parse(stored.object_id) as number) : previous?.object_id;
      const name = 'name' in stored ? ((nameField.parse(stored.name) as string | null) ?? '') : previous?.name ?? '';
      const model = typeof type === 'string' ? registry.get(type) : undefined;
      if (!model || typeof id !== 'number') return null;
      return attachmentFilename(model.verboseName, id, name, image);
    } catch {
      return null;
    }
  }

  /** Runs the write; afterwards, files stored for it that no committed change took are removed. */
  private async keepingCommitted<T>(bodies: unknown[], write: () => Promise<T>): Promise<T> {
    const stored = bodies.flatMap((b) => (isBody(b) && b.image instanceof StoredImage ? [b.image.path] : []));
    try {
      return await write();
    } catch (e) {
      throw withNetBoxParentMessage(e);
    } finally {
      await this.discard(stored.filter((path) => this.pending.has(path)));
    }
  }

  private async discard(paths: string[]): Promise<void> {
    for (const path of paths) {
      this.pending.delete(path);
      await this.media.remove(path);
    }
  }
}

function imageOf(snapshot: unknown): string | null {
  const image = isBody(snapshot) ? snapshot.image : null;
  return typeof image === 'string' && image ? image : null;
}

const MISSING_PARENT = /^Invalid parent: ([a-z0-9_]+)\.([a-z0-9_]+) ID (\d+)$/;

/** NetBox's words for an attachment whose object does not exist: `Invalid parent object: DCIM | site ID 9`. */
function withNetBoxParentMessage(e: unknown): unknown {
  if (!(e instanceof ValidationError)) return e;
  const reword = (errors: unknown) => {
    if (!isBody(errors) || !Array.isArray(errors.non_field_errors)) return errors;
    const messages = errors.non_field_errors.map((m) => {
      const found = typeof m === 'string' ? MISSING_PARENT.exec(m) : null;
      return found ? `Invalid parent object: ${contentTypeName(found[1], found[2])} ID ${found[3]}` : m;
    });
    return { ...errors, non_field_errors: messages };
  };
  const body = e.body;
  if (!Array.isArray(body)) return new ValidationError(reword(body) as Record<string, unknown>);
  return new ValidationError(body.map(reword) as Record<string, unknown>[]);
}
