import { NestApplicationOptions, StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, Response } from 'express';
import * as http from 'http';
import { renderResponse } from './render';
import { requestClasses } from './request-classes';

/**
 * Nest's Express adapter, writing what a handler returns as JSON or as the browsable page as it replies: here
 * rather than in an interceptor, which would cost every request an rxjs pipeline. A streamed body, or a response
 * a handler sent itself, passes as it is.
 */
export class RenderingExpressAdapter extends ExpressAdapter {
  /** Node's server, making requests and responses with the application's prototypes already theirs (`requestClasses`). */
  override initHttpServer(options: NestApplicationOptions) {
    // Neither is used here: TLS ends before the service, and shutdown closes connections itself.
    if (options.httpsOptions || options.forceCloseConnections) return super.initHttpServer(options);
    const app = this.getInstance<Express>();
    this.httpServer = http.createServer(requestClasses(app), app);
  }

  override reply(response: Response, body: unknown, statusCode?: number) {
    if (statusCode) response.status(statusCode);
    const rendered = body === undefined || body instanceof StreamableFile || response.headersSent ? body : renderResponse(response.req, response, body);
    // Nest would write a buffer as JSON of its bytes.
    if (Buffer.isBuffer(rendered)) return response.send(rendered);
    return super.reply(response, rendered, statusCode);
  }
}
