import { Controller, HttpCode, Inject, Options, Param, Patch, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import multer from 'multer';
import { ModelRoute } from '../../core/auth/auth.guard';
import { APP_CONFIG, AppConfig } from '../../core/config/config';
import { idOf, requestContext } from '../../core/crud/model.controller';
import { ApiError } from '../../core/http/errors';
import { acceptMultipart } from '../../core/http/middleware';
import { Allow, DETAIL_METHODS, LIST_METHODS } from '../../core/http/allow';
import { dialectOf } from '../../core/dialect/registry';
import { optionsMetadata } from '../../core/openapi/options';
import { ImageAttachment } from './image-attachment.model';
import { ImageAttachmentWrites } from './image-attachments.service';
import { NOT_A_FILE, RefusedImage, TooLarge, Upload } from './images';

acceptMultipart(ImageAttachment.path);

/** Form fields beside the file: a few short values (content_type, object_id, name). */
const FORM_LIMITS = { files: 1, fields: 50, parts: 51, fieldSize: 64 * 1024 };

/**
 * The writes of image attachments, which take the image as a multipart upload (as NetBox's API does) or as
 * base64 in JSON; reads and deletes are the generic routes'.
 */
@Controller(ImageAttachment.path.slice(1, -1))
@ModelRoute(ImageAttachment)
export class ImageAttachmentsController {
  constructor(
    private readonly writes: ImageAttachmentWrites,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @Allow(LIST_METHODS)
  async create(@Req() req: Request) {
    const { body, file } = await this.bodyOf(req);
    return this.writes.create(body, requestContext(req), file);
  }

  @Put()
  @Allow(LIST_METHODS)
  async bulkReplace(@Req() req: Request) {
    return this.writes.bulkUpdate((await this.bodyOf(req)).body, false, requestContext(req));
  }

  @Patch()
  @Allow(LIST_METHODS)
  async bulkUpdate(@Req() req: Request) {
    return this.writes.bulkUpdate((await this.bodyOf(req)).body, true, requestContext(req));
  }

  @Put(':id(\\d+)')
  @Allow(DETAIL_METHODS)
  async replace(@Req() req: Request, @Param('id') id: string) {
    const { body, file } = await this.bodyOf(req);
    return this.writes.update(idOf(id), body, false, requestContext(req), file);
  }

  @Patch(':id(\\d+)')
  @Allow(DETAIL_METHODS)
  async update(@Req() req: Request, @Param('id') id: string) {
    const { body, file } = await this.bodyOf(req);
    return this.writes.update(idOf(id), body, true, requestContext(req), file);
  }

  @Options()
  @Allow(LIST_METHODS)
  listOptions(@Req() req: Request) {
    return { ...optionsMetadata(ImageAttachment, false, undefined, dialectOf(req)), parses: PARSES };
  }

  @Options(':id(\\d+)')
  @Allow(DETAIL_METHODS)
  detailOptions(@Req() req: Request) {
    return { ...optionsMetadata(ImageAttachment, true, undefined, dialectOf(req)), parses: PARSES };
  }

  /** The JSON body, or the form's fields and its `image` file. */
  private async bodyOf(req: Request): Promise<{ body: unknown; file?: Upload }> {
    if (!req.is('multipart/form-data')) return { body: req.body === undefined ? {} : req.body };
    const form = multer({ storage: multer.memoryStorage(), limits: { ...FORM_LIMITS, fileSize: this.config.maxUploadSize }, defParamCharset: 'utf8' });
    await new Promise<void>((resolve, reject) => form.single('image')(req, req.res!, (e?: unknown) => (e ? reject(formError(e, this.config.maxUploadSize)) : resolve())));
    // A field given twice counts once, its last value, as Django's QueryDict reads it.
    const body: Record<string, unknown> = Object.fromEntries(Object.entries({ ...req.body }).map(([k, v]) => [k, Array.isArray(v) ? v[v.length - 1] : v]));
    if (!req.file) {
      if ('image' in body) body.image = new RefusedImage([NOT_A_FILE]);
      return { body };
    }
    return { body, file: { bytes: req.file.buffer, filename: req.file.originalname ?? '' } };
  }
}

/** What DRF's parsers of this endpoint accept, as OPTIONS lists them. */
const PARSES = ['application/json', 'multipart/form-data'];

/** A form that cannot be read: 413 for a file over MAX_UPLOAD_SIZE, else DRF's parse error. */
function formError(e: unknown, limit: number): ApiError {
  if (e instanceof multer.MulterError && e.code === 'LIMIT_FILE_SIZE') return new ApiError(413, { image: [new TooLarge(limit).message] });
  const message = e instanceof multer.MulterError && e.field ? `${e.message}: ${e.field}` : e instanceof Error ? e.message : String(e);
  return new ApiError(400, { detail: `Multipart form parse error - ${message}` });
}
