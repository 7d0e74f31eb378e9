import { Controller, HttpCode, Inject, Options, Param, Patch, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ModelRoute } from '../../core/auth/auth.guard';
import { APP_CONFIG, AppConfig } from '../../core/config/config';
import { idOf, requestContext } from '../../core/crud/model.controller';
import { acceptMultipart } from '../../core/http/middleware';
import { readForm } from '../../core/http/multipart';
import { Allow, DETAIL_METHODS, LIST_METHODS } from '../../core/http/allow';
import { dialectOf } from '../../core/dialect/registry';
import { optionsMetadata } from '../../core/openapi/options';
import { ImageAttachment } from './image-attachment.model';
import { ImageAttachmentWrites } from './image-attachments.service';
import { NOT_A_FILE, RefusedImage, Upload } from './images';

acceptMultipart(ImageAttachment.path);

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
    const { body, file } = await readForm(req, 'image', this.config.maxUploadSize);
    if (!file && 'image' in body) body.image = new RefusedImage([NOT_A_FILE]);
    return { body, file };
  }
}

/** What DRF's parsers of this endpoint accept, as OPTIONS lists them. */
const PARSES = ['application/json', 'multipart/form-data'];

