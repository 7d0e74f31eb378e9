import { Controller, Get, INestApplication, Injectable, Query, Req, Res } from '@nestjs/common';
import { OpenAPIObject, SwaggerCustomOptions, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import * as yaml from 'js-yaml';
import { PublicRoute } from '../auth/auth.guard';
import type { Dialect } from '../dialect/dialect';
import { basePathOf, dialectOf, nativeDialect } from '../dialect/registry';
import { registry } from '../model/model';
import { serviceVersion } from '../version';
import { buildOpenApiDocument } from './openapi';

interface Built {
  document: Record<string, unknown>;
  yaml?: string;
}

/** One document per dialect and base, each built from the registry as it stands when first asked for. */
@Injectable()
export class OpenApiDocumentProvider {
  private readonly built = new Map<string, Built>();

  private entry(dialect: Dialect, base: string): Built {
    const key = `${dialect.version}|${base}`;
    let entry = this.built.get(key);
    if (!entry) {
      entry = { document: buildOpenApiDocument(registry.served(), { version: serviceVersion(), dialect, base }) };
      this.built.set(key, entry);
    }
    return entry;
  }

  /** The API as `dialect` speaks it, its paths under `base` (`/v4`, or `''` for `/api/`). */
  document(dialect: Dialect = nativeDialect(), base = ''): Record<string, unknown> {
    return this.entry(dialect, base).document;
  }
  yaml(dialect: Dialect = nativeDialect(), base = ''): string {
    const entry = this.entry(dialect, base);
    return (entry.yaml ??= yaml.dump(entry.document, { noRefs: true, lineWidth: -1 }));
  }
}

@Controller('api/schema')
@PublicRoute()
export class SchemaController {
  constructor(private readonly docs: OpenApiDocumentProvider) {}

  /**
   * YAML by default, JSON with `?format=json` or when the client accepts JSON (pynetbox's `openapi()` sends
   * `Accept: application/json`), as drf-spectacular negotiates it; in the dialect its base names (`/v4/api/schema/`).
   */
  @Get()
  schema(@Req() req: Request, @Query('format') format: string | undefined, @Res() res: Response): void {
    const dialect = dialectOf(req);
    const base = basePathOf(req);
    const json = format === 'json' ? 'application/vnd.oai.openapi+json' : format === undefined ? req.accepts(['application/vnd.oai.openapi', 'application/vnd.oai.openapi+json', 'application/json', 'application/yaml']) : false;
    if (json === 'application/vnd.oai.openapi+json' || json === 'application/json') {
      res.type(json).send(JSON.stringify(this.docs.document(dialect, base)));
      return;
    }
    res.type(json === 'application/yaml' ? 'application/yaml' : 'application/vnd.oai.openapi').send(this.docs.yaml(dialect, base));
  }
}

/**
 * The sandbox UI at /api/schema/swagger-ui/ (and /api/docs/), set up with `document` and showing each request the
 * document of its dialect (`/v4/api/schema/swagger-ui/` 4.6's).
 */
export function setupSwaggerUi(app: INestApplication, document: Record<string, unknown>): void {
  const docs = app.get(OpenApiDocumentProvider);
  const forRequest = (req: Request) => docs.document(dialectOf(req), basePathOf(req));
  const options: SwaggerCustomOptions = {
    swaggerOptions: { persistAuthorization: true },
    patchDocumentOnRequest: <R>(req: R) => forRequest(req as Request) as unknown as OpenAPIObject,
  };
  // NetBox before 3.5 served the document here, and pynetbox up to 7.0 still reads it from there.
  app.use('/api/docs', (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/' && req.query.format === 'openapi') res.type('application/json').send(JSON.stringify(forRequest(req)));
    else next();
  });
  SwaggerModule.setup('api/schema/swagger-ui', app, document as never, options);
  SwaggerModule.setup('api/docs', app, document as never, options);
}
