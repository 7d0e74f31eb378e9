import { All, Controller, HttpCode, Inject, Options, Param, Patch, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ModelRoute } from '../../core/auth/auth.guard';
import { requestContext } from '../../core/crud/model.controller';
import { APP_CONFIG, AppConfig } from '../../core/config/config';
import { ApiError } from '../../core/http/errors';
import { Allow } from '../../core/http/allow';
import { acceptMultipart } from '../../core/http/middleware';
import { readForm } from '../../core/http/multipart';
import { documentRoute, json } from '../../core/openapi/openapi';
import { ScriptModule } from './modules.model';
import { ScriptUploads, SentFile } from './script-uploads.service';

/** Below the scripts' route, as NetBox 4.5.7 registers `scripts/upload`: served by /v4 only (3.5's dialect lacks it). */
const UPLOADS = `${ScriptModule.path}upload/`;
acceptMultipart(UPLOADS);

const CREATE_METHODS = 'POST, OPTIONS';
const REPLACE_METHODS = 'PUT, PATCH, OPTIONS';
/** An id, or a file name (with its dot). */
const ID = ':id([^/]+)';

function notAllowed(req: Request): never {
  throw new ApiError(405, { detail: `Method "${req.method}" not allowed.` });
}

/** OPTIONS as DRF answers it for this view set: its name and formats, multipart forms among them. */
function options(name: string) {
  return { name, description: '', renders: ['application/json', 'text/html'], parses: ['application/json', 'multipart/form-data'] };
}

const MODULE = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    display: { type: 'string', readOnly: true },
    file_path: { type: 'string', readOnly: true },
    created: { type: 'string', format: 'date', readOnly: true, nullable: true },
    last_updated: { type: 'string', format: 'date-time', readOnly: true, nullable: true },
  },
};
const FILE_FORM = {
  required: true,
  content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary', writeOnly: true } }, required: ['file'] } } },
};
const operation = (operationId: string, description: string, status: number, extra: Record<string, unknown> = {}) => ({
  operationId,
  description,
  tags: ['extras'],
  requestBody: FILE_FORM,
  responses: { [status]: { description: '', ...json(MODULE) }, 400: { description: 'The file is missing, named otherwise, or does not load.' } },
  ...extra,
});
const moduleParam = { name: 'id', in: 'path', required: true, description: "The module's id, or its file name (`<module>.js`).", schema: { type: 'string' } };
const STANDALONE = { standalone: true };
documentRoute(UPLOADS, { post: operation('extras_scripts_upload_create', 'Upload a script module: a CommonJS file whose exported Script classes become scripts.', 201) }, STANDALONE);
documentRoute(
  `${UPLOADS}{id}/`,
  {
    put: operation('extras_scripts_upload_update', "Replace an uploaded module's content with a file of the same name.", 200, { parameters: [moduleParam] }),
    patch: operation('extras_scripts_upload_partial_update', "Replace an uploaded module's content with a file of the same name.", 200, { parameters: [moduleParam] }),
  },
  STANDALONE,
);

/**
 * `/api/extras/scripts/upload/`: NetBox's ScriptModuleViewSet, create and update only; they need `add` and `change`
 * on `extras.scriptmodule`. Registered before the scripts' routes, whose `<id>` would take `upload`.
 */
@Controller(UPLOADS.slice(1, -1))
@ModelRoute(ScriptModule)
export class ScriptUploadsController {
  constructor(
    private readonly uploads: ScriptUploads,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @Allow(CREATE_METHODS)
  async create(@Req() req: Request) {
    return this.uploads.create(await this.sentFile(req), requestContext(req));
  }

  @Options()
  @Allow(CREATE_METHODS)
  listOptions() {
    return options('Script Module List');
  }

  @All()
  @Allow(CREATE_METHODS)
  listNotAllowed(@Req() req: Request) {
    notAllowed(req);
  }

  @Put(ID)
  @Allow(REPLACE_METHODS)
  async replace(@Req() req: Request, @Param('id') id: string) {
    return this.uploads.replace(id, await this.sentFile(req), false, requestContext(req));
  }

  @Patch(ID)
  @Allow(REPLACE_METHODS)
  async update(@Req() req: Request, @Param('id') id: string) {
    return this.uploads.replace(id, await this.sentFile(req), true, requestContext(req));
  }

  @Options(ID)
  @Allow(REPLACE_METHODS)
  detailOptions() {
    return options('Script Module Instance');
  }

  @All(ID)
  @Allow(REPLACE_METHODS)
  detailNotAllowed(@Req() req: Request) {
    notAllowed(req);
  }

  /** The form's `file`; a JSON body can name one but not carry it. */
  private async sentFile(req: Request): Promise<SentFile> {
    if (!req.is('multipart/form-data')) {
      const body = req.body as unknown;
      return { notAFile: typeof body === 'object' && body !== null && 'file' in body };
    }
    const { body, file } = await readForm(req, 'file', this.config.maxUploadSize);
    return { file, notAFile: !file && 'file' in body };
  }
}
