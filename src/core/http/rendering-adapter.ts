import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { renderResponse } from './render';

/**
 * Nest's Express adapter, writing what a handler returns as JSON or as the browsable page as it replies: here
 * rather than in an interceptor, which would cost every request an rxjs pipeline. A streamed body, or a response
 * a handler sent itself, passes as it is.
 */
export class RenderingExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number) {
    if (statusCode) response.status(statusCode);
    const rendered = body === undefined || body instanceof StreamableFile || response.headersSent ? body : renderResponse(response.req, response, body);
    // Nest would write a buffer as JSON of its bytes.
    if (Buffer.isBuffer(rendered)) return response.send(rendered);
    return super.reply(response, rendered, statusCode);
  }
}
