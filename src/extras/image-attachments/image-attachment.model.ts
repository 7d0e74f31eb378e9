import { DateTimeField, FieldError, FileField, contentType, genericRelation, integer, text } from '../../core/model/fields';
import { CustomFilter, defineModel, registry } from '../../core/model/model';
import { q } from '../../core/query/model-query';
import { contentTypeFilter, contentTypeIdFilter } from '../content-type-filter';
import { MAX_PATH_LENGTH, NOT_A_FILE, ReadImage, RefusedImage, StoredImage, shownFilename } from './images';

/**
 * NetBox's ImageField: stored as the file's path below MEDIA_ROOT, read as its URL below `/media/`. A body gives
 * the file, as multipart or base64 (the service stores it first): only a stored image is taken here, never a path,
 * so that no attachment can name another's file.
 */
export class ImageFileField extends FileField {
  readonly optionsType: string = 'image upload';
  constructor() {
    super({ max: MAX_PATH_LENGTH, helpText: 'On write, a file (multipart/form-data) or its base64, bare or as a data URI (JSON).' });
  }
  protected parseValue(input: unknown): string {
    if (input instanceof RefusedImage) throw new FieldError(input.messages);
    // An image read but not stored: its object could not be named, which the write reports under its own fields.
    if (!(input instanceof StoredImage) && !(input instanceof ReadImage)) throw new FieldError([NOT_A_FILE]);
    // The row keeps the image until `validate` takes its path and dimensions.
    return input as unknown as string;
  }
  openapi(): Record<string, unknown> {
    return { type: 'string', format: 'uri', description: this.opts.helpText };
  }
}

/** A file's URL as Django's storage gives it: below `/media/`, each segment quoted; absolute when rendered for a request. */
export function mediaUrl(baseUrl: string, relative: string): string {
  return `${baseUrl}/media/${relative.split('/').map(encodeURIComponent).join('/')}`;
}

const timestamp = new DateTimeField();

/** NetBox's DateTimeFilter on `created`: exact. Only the date is stored: a timestamp compares by its UTC date. */
const createdFilter: CustomFilter = {
  apply(values, ctx) {
    const raw = values[values.length - 1]?.trim();
    if (raw) ctx.where(`t.${q('created')} = ${ctx.param(timestamp.parseFilter(raw).toISOString().slice(0, 10))}`);
  },
};

/** An image kept with any object (a site's photo, a rack's front); deleted with it, and its file once that commits. */
export const ImageAttachment = defineModel({
  app: 'extras',
  name: 'imageattachment',
  plural: 'image-attachments',
  verboseName: 'image attachment',
  display: (a) => a.name || shownFilename(String(a.image ?? ''), registry.get(a.content_type)?.verboseName, a.object_id),
  ordering: ['name'],
  fields: {
    // NetBox 3.5 takes any object type here (only sites, locations, racks, devices, device and module types, power
    // panels and circuits show their images): any served model, whose deletion deletes its attachments.
    content_type: contentType({ allowed: () => registry.served().map((m) => m.label) }),
    // Ids here are 32-bit: a larger one names nothing (and PostgreSQL would refuse to compare it).
    object_id: integer({ min: 0, max: 2_147_483_647 }),
    parent: genericRelation('content_type', 'object_id', { cascade: true }),
    name: text({ max: 50, blank: true }),
    description: text({ max: 200, blank: true }),
    image: new ImageFileField(),
    // Read from the file, whatever a body says.
    image_height: integer({ min: 0, max: 32767, readOnly: true }),
    image_width: integer({ min: 0, max: 32767, readOnly: true }),
    // 4.6's: the file's size in bytes, kept as it is stored (none for images stored before).
    image_size: integer({ min: 0, big: true, nullable: true, readOnly: true }),
  },
  brief: ['id', 'url', 'display', 'name', 'image'],
  features: { tags: false, customFields: false },
  relatedObject: 'parent',
  indexes: [['content_type', 'object_id']],
  search: ['name', 'description'],
  filterset: { fields: ['id', 'object_id', 'name', 'description'], base: 'none' },
  filters: {
    content_type: contentTypeFilter('content_type'),
    content_type_id: contentTypeIdFilter('content_type'),
    created: createdFilter,
  },
  // A new image's path, size in pixels and in bytes, from the file stored for it.
  validate(row) {
    const image: unknown = row.image;
    if (image instanceof ReadImage) throw new FieldError({ image: ['The image could not be stored for this object.'] });
    if (!(image instanceof StoredImage)) return;
    row.image = image.path;
    row.image_height = image.height;
    row.image_width = image.width;
    row.image_size = image.size;
  },
  augment: async (ctx, rows, reps) => {
    rows.forEach((row, i) => {
      if ('image' in reps[i]) reps[i].image = mediaUrl(ctx.baseUrl, row.image);
    });
  },
});
