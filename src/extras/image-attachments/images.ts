import { randomUUID } from 'crypto';
import { imageSize } from 'image-size';
import { NOT_A_FILE, NO_FILE, tooLarge } from '../../core/http/multipart';

/** A file as a client sent it: a multipart part, or the bytes of a base64 string. */
export interface Upload {
  bytes: Buffer;
  /** The client's file name, without any directory; empty for base64, which carries none. */
  filename: string;
}

/** The raster types browsers show and Pillow (NetBox's reader) opens; SVG is refused, as Pillow refuses it (and it may carry scripts). */
export const IMAGE_TYPES: Record<string, { mime: string; extension: string }> = {
  png: { mime: 'image/png', extension: 'png' },
  jpg: { mime: 'image/jpeg', extension: 'jpg' },
  gif: { mime: 'image/gif', extension: 'gif' },
  webp: { mime: 'image/webp', extension: 'webp' },
  bmp: { mime: 'image/bmp', extension: 'bmp' },
};

/** NetBox's image_upload keeps these extensions when it renames a file after the attachment's name; webp is ours to keep too. */
const KEPT_EXTENSIONS = ['bmp', 'gif', 'jpeg', 'jpg', 'png', 'webp'];

/** PositiveSmallIntegerField: NetBox's height and width columns. */
const MAX_DIMENSION = 32767;
/** Django's FileField max_length: the uploaded name, and the stored path, are at most this long. */
export const MAX_PATH_LENGTH = 100;

/** Where attachments go below MEDIA_ROOT, as NetBox's image_upload puts them. */
export const ATTACHMENTS_DIR = 'image-attachments';

// DRF's FileField's words, shared by every upload.
export { NOT_A_FILE, NO_FILE };
const INVALID_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';

/** An upload read as an image: what is stored, and its size in pixels. */
export class ReadImage {
  constructor(
    readonly upload: Upload,
    readonly type: string,
    readonly width: number,
    readonly height: number,
  ) {}
}

/** A read image once written below MEDIA_ROOT: what the attachment's `image` column keeps. */
export class StoredImage {
  constructor(
    readonly path: string,
    readonly width: number,
    readonly height: number,
    /** The file's size in bytes. */
    readonly size: number,
  ) {}
}

/** Why a value is no image to keep: the messages under `image`, as DRF's ImageField words them. */
export class RefusedImage {
  constructor(readonly messages: string[]) {}
}

/** An upload over MAX_UPLOAD_SIZE: refused with 413 before anything is read. */
export class TooLarge {
  constructor(readonly limit: number) {}
  get message(): string {
    return tooLarge(this.limit);
  }
}

/** The upload read as one of IMAGE_TYPES, with its dimensions, or why not. */
export function readImage(upload: Upload, maxBytes: number): ReadImage | RefusedImage | TooLarge {
  if (upload.bytes.length > maxBytes) return new TooLarge(maxBytes);
  if (upload.filename.length > MAX_PATH_LENGTH) {
    return new RefusedImage([`Ensure this filename has at most ${MAX_PATH_LENGTH} characters (it has ${upload.filename.length}).`]);
  }
  if (upload.bytes.length === 0) return new RefusedImage(['The submitted file is empty.']);
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(upload.bytes);
  } catch {
    return new RefusedImage([INVALID_IMAGE]);
  }
  const { width, height, type } = size;
  if (!type || !(type in IMAGE_TYPES) || !width || !height) return new RefusedImage([INVALID_IMAGE]);
  if (width > MAX_DIMENSION || height > MAX_DIMENSION) {
    return new RefusedImage([`Ensure the image is at most ${MAX_DIMENSION} pixels wide and high (it is ${width}×${height}).`]);
  }
  return new ReadImage(upload, type, width, height);
}

const DATA_URI = /^data:([^,;]*)((?:;[^,;]*)*?);base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * An image given in JSON: a base64 string, bare or as a data URI (`data:image/png;base64,...`), as
 * base64 image fields take it. The bytes carry no file name.
 */
export function uploadFromJson(value: unknown): Upload | RefusedImage {
  if (typeof value !== 'string') return new RefusedImage([NOT_A_FILE]);
  const uri = DATA_URI.exec(value);
  const encoded = (uri ? value.slice(uri[0].length) : value).replace(/\s+/g, '');
  const decodable = BASE64.test(encoded) && encoded.length % 4 !== 1;
  // Text that is no base64 at all (a URL read back from the API) is no file, as NetBox says of any string.
  if (!uri && (!encoded || !decodable)) return new RefusedImage([NOT_A_FILE]);
  if (!decodable) return new RefusedImage([INVALID_IMAGE]);
  return { bytes: Buffer.from(encoded, encoded.includes('-') || encoded.includes('_') ? 'base64url' : 'base64'), filename: '' };
}

/** Django's get_valid_filename: spaces become underscores, anything but letters, digits, `-`, `_` and `.` goes. */
export function validFilename(name: string): string {
  return name.trim().replace(/ /g, '_').replace(/[^-\p{L}\p{N}\p{M}_.]/gu, '');
}

/**
 * The file name NetBox's image_upload gives an attachment: `<object type>_<object id>_<file name>`, the file
 * name being the attachment's name (with the upload's extension, for image extensions) when it has one.
 * `typeName` is the object type's verbose name (`device type`), as Django's ContentType.name.
 */
export function attachmentFilename(typeName: string, objectId: number, name: string, image: ReadImage): string {
  // A base64 image has no name of its own: one as base64 image fields make up, of its type's extension.
  let filename = basename(image.upload.filename) || `${randomUUID()}.${IMAGE_TYPES[image.type].extension}`;
  const extension = filename.split('.').pop()!.toLowerCase();
  if (name && KEPT_EXTENSIONS.includes(extension)) filename = `${name}.${extension}`;
  else if (name) filename = name;
  return validFilename(`${typeName}_${objectId}_${filename}`);
}

/** What NetBox shows for an attachment without a name: its file name without the prefix image_upload adds. */
export function shownFilename(path: string, typeName: string | undefined, objectId: number): string {
  const filename = path.slice(path.lastIndexOf('/') + 1);
  const prefix = typeName === undefined ? undefined : `${validFilename(typeName)}_${objectId}_`;
  if (prefix && filename.startsWith(prefix)) return filename.slice(prefix.length);
  // NetBox's own rule, for a name made otherwise: what follows the second underscore.
  const parts = filename.split('_');
  return parts.length > 2 ? parts.slice(2).join('_') : filename;
}

function basename(filename: string): string {
  return filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
}

/** The image type of a stored file from its first bytes, for its Content-Type whatever its name ends with. */
export function sniffImageType(head: Buffer): string | null {
  const starts = (hex: string, at = 0) => head.subarray(at, at + hex.length / 2).toString('hex') === hex;
  if (starts('89504e470d0a1a0a')) return IMAGE_TYPES.png.mime;
  if (starts('ffd8ff')) return IMAGE_TYPES.jpg.mime;
  if (starts('474946383761') || starts('474946383961')) return IMAGE_TYPES.gif.mime;
  if (starts('52494646') && starts('57454250', 8)) return IMAGE_TYPES.webp.mime;
  if (starts('424d')) return IMAGE_TYPES.bmp.mime;
  return null;
}
