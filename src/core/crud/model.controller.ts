import { All, Body, Controller, Delete, Get, HttpCode, Options, Param, Patch, Post, Put, Req, Type } from '@nestjs/common';
import type { Request } from 'express';
import { AuthenticatedRequest, ModelRoute } from '../auth/auth.guard';
import { basePathOf, dialectOf } from '../dialect/registry';
import { requestOrigin } from '../http/client';
import { ApiError, NotFoundError } from '../http/errors';
import { ifMatchOf, sendEtag } from '../http/etag';
import { Allow, DETAIL_METHODS, LIST_METHODS, READ_METHODS } from '../http/allow';
import { jsonStream, plainJson } from '../http/render';
import { ModelDef } from '../model/model';
import { optionsMetadata } from '../openapi/options';
import { QueryParams } from '../query/filters';
import { CrudService, RequestContext } from './crud.service';
import { ListExports } from './list-exports';

export function requestContext(req: Request): RequestContext {
  const origin = requestOrigin(req);
  const { principal, scope, id, readVersions } = req as AuthenticatedRequest;
  return {
    baseUrl: `${origin}${basePathOf(req)}`,
    dialect: dialectOf(req),
    url: `${origin}${req.originalUrl}`,
    method: req.method,
    params: req.query as QueryParams,
    user: principal?.user ?? null,
    scope: scope ?? 'all',
    requestId: id,
    readVersions,
  };
}

/** A model route's context: NetBox 4.6's If-Match precondition, and its ETag on the answer, where the dialect has them. */
function objectRequest(req: Request): RequestContext {
  const ctx = requestContext(req);
  if (!ctx.dialect?.etags) return ctx;
  return { ...ctx, ifMatch: ifMatchOf(req.headers['if-match']), etag: (tag) => sendEtag(req, tag) };
}

/** Settles once the response to `req` is sent, or its connection closed. */
function responseSent(req: Request): Promise<void> {
  return new Promise((resolve) => req.res!.once('close', () => resolve()));
}

/** A route's `<id>`: a number, else no such object. */
export function idOf(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError();
  return Number(raw);
}

function notAllowed(req: Request): never {
  throw new ApiError(405, { detail: `Method "${req.method}" not allowed.` });
}

function lastValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** An absent body reads as an empty object, as DRF's request.data does. */
const bodyOf = (body: unknown) => (body === undefined ? {} : body);

/**
 * The routes every model has, on `/api/<app>/<plural>/` and `/api/<app>/<plural>/<id>/`.
 * A model with routes of its own extends the returned class.
 */
export function modelController(model: ModelDef): Type<unknown> {
  const LIST = model.readOnlyApi ? READ_METHODS : LIST_METHODS;
  const DETAIL = model.readOnlyApi ? READ_METHODS : DETAIL_METHODS;
  /** Read-only models (change records) answer 405 to every write. */
  const writable = (req: Request) => {
    if (model.readOnlyApi) notAllowed(req);
  };

  @Controller(model.path.slice(1, -1))
  @ModelRoute(model)
  class ModelController {
    constructor(
      readonly crud: CrudService,
      readonly exports: ListExports,
    ) {}

    @Get()
    @Allow(LIST)
    async list(@Req() req: Request) {
      const ctx = requestContext(req);
      const exportName = lastValue(ctx.params.export);
      if (exportName !== undefined) return this.exports.render(model, exportName, ctx);
      // Indented and browsable renderings are built whole; a plain list without a page limit streams.
      if (plainJson(req) && this.crud.unpaged(model, ctx)) return jsonStream(await this.crud.listStream(model, ctx));
      return this.crud.list(model, { ...ctx, sent: responseSent(req) });
    }

    @Post()
    @HttpCode(201)
    @Allow(LIST)
    create(@Req() req: Request, @Body() body: unknown) {
      writable(req);
      return this.crud.create(model, bodyOf(body), objectRequest(req));
    }

    @Put()
    @Allow(LIST)
    bulkReplace(@Req() req: Request, @Body() body: unknown) {
      writable(req);
      return this.crud.bulkUpdate(model, body, false, objectRequest(req));
    }

    @Patch()
    @Allow(LIST)
    bulkUpdate(@Req() req: Request, @Body() body: unknown) {
      writable(req);
      return this.crud.bulkUpdate(model, body, true, objectRequest(req));
    }

    @Delete()
    @HttpCode(204)
    @Allow(LIST)
    async bulkDestroy(@Req() req: Request, @Body() body: unknown): Promise<void> {
      writable(req);
      await this.crud.bulkDestroy(model, body, objectRequest(req));
    }

    @Options()
    @Allow(LIST)
    listOptions(@Req() req: Request) {
      return optionsMetadata(model, false, undefined, dialectOf(req));
    }

    @All()
    @Allow(LIST)
    listNotAllowed(@Req() req: Request) {
      notAllowed(req);
    }

    @Get(':id(\\d+)')
    @Allow(DETAIL)
    retrieve(@Req() req: Request, @Param('id') id: string) {
      return this.crud.retrieve(model, idOf(id), objectRequest(req));
    }

    @Put(':id(\\d+)')
    @Allow(DETAIL)
    replace(@Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
      writable(req);
      return this.crud.update(model, idOf(id), bodyOf(body), false, objectRequest(req));
    }

    @Patch(':id(\\d+)')
    @Allow(DETAIL)
    update(@Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
      writable(req);
      return this.crud.update(model, idOf(id), bodyOf(body), true, objectRequest(req));
    }

    @Delete(':id(\\d+)')
    @HttpCode(204)
    @Allow(DETAIL)
    async destroy(@Req() req: Request, @Param('id') id: string, @Body() body: unknown): Promise<void> {
      writable(req);
      await this.crud.destroy(model, idOf(id), objectRequest(req), bodyOf(body));
    }

    @Options(':id(\\d+)')
    @Allow(DETAIL)
    detailOptions(@Req() req: Request) {
      return optionsMetadata(model, true, undefined, dialectOf(req));
    }

    @All(':id(\\d+)')
    @Allow(DETAIL)
    detailNotAllowed(@Req() req: Request) {
      notAllowed(req);
    }
  }
  Object.defineProperty(ModelController, 'name', { value: `${model.className}Controller` });
  return ModelController;
}
