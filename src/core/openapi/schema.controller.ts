import { Controller, Get, INestApplication, Injectable, Query, Res } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import * as yaml from 'js-yaml';
import { PublicRoute } from '../auth/auth.guard';
import { registry } from '../model/model';
import { serviceVersion } from '../version';
import { buildOpenApiDocument } from './openapi';

/** The document is built once, from the registry as it stands when first asked for. */
@Injectable()
export class OpenApiDocumentProvider {
  private cached: Record<string, unknown> | undefined;
  private yamlText: string | undefined;

  document(): Record<string, unknown> {
    return (this.cached ??= buildOpenApiDocument(registry.served(), { version: serviceVersion() }));
  }
  yaml(): string {
    return (this.yamlText ??= yaml.dump(this.document(), { noRefs: true, lineWidth: -1 }));
  }
}

@Controller('api/schema')
@PublicRoute()
export class SchemaController {
  constructor(private readonly docs: OpenApiDocumentProvider) {}

  /** YAML by default, JSON with `?format=json`, as drf-spectacular serves it. */
  @Get()
  schema(@Query('format') format: string | undefined, @Res() res: Response): void {
    if (format === 'json') {
      res.type('application/vnd.oai.openapi+json').send(JSON.stringify(this.docs.document()));
      return;
    }
    res.type('application/vnd.oai.openapi').send(this.docs.yaml());
  }
}

/** The sandbox UI at /api/schema/swagger-ui/ (and /api/docs/). */
export function setupSwaggerUi(app: INestApplication, document: Record<string, unknown>): void {
  const options = { swaggerOptions: { persistAuthorization: true } };
  // NetBox before 3.5 served the document here, and pynetbox up to 7.0 still reads it from there.
  app.use('/api/docs', (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/' && req.query.format === 'openapi') res.type('application/json').send(JSON.stringify(document));
    else next();
  });
  SwaggerModule.setup('api/schema/swagger-ui', app, document as never, options);
  SwaggerModule.setup('api/docs', app, document as never, options);
}
