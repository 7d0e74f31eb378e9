import { Body, Controller, HttpCode, Param, Post, Req, StreamableFile } from '@nestjs/common';
import type { Request } from 'express';
import { ModelRoute } from '../core/auth/auth.guard';
import { CrudService } from '../core/crud/crud.service';
import { requestContext } from '../core/crud/model.controller';
import { ApiError, NotFoundError } from '../core/http/errors';
import { Allow } from '../core/http/allow';
import { Row } from '../core/model/model';
import { documentRoute, json } from '../core/openapi/openapi';
import { RenderContext, represent } from '../core/serialize/serializer';
import { TemplateError, renderTemplate } from '../core/templates/jinja';
import { ConfigTemplate, templateOptions } from './config-templates.model';

const POST_ONLY = 'POST, OPTIONS';

/** A rendering's answer, as NetBox's: `{configtemplate, content}`, or the bare text when the client asks for text/plain. */
export async function renderedConfig(req: Request, render: RenderContext, template: Row, context: Record<string, unknown>): Promise<unknown> {
  let content: string;
  try {
    content = renderTemplate(template.template_code, context, templateOptions(template));
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    // NetBox answers a template's failure with a 500 that says what failed.
    throw new ApiError(500, { detail: `An error occurred while rendering the template: ${e.message}` });
  }
  if (wantsText(req)) return new StreamableFile(Buffer.from(content, 'utf8'), { type: 'text/plain; charset=utf-8' });
  const [configtemplate] = await represent(render, ConfigTemplate, [template], 'brief');
  return { configtemplate, content };
}

/** DRF's negotiation as NetBox sets it for renderings: `?format=txt`, or an Accept that prefers text/plain. */
function wantsText(req: Request): boolean {
  const format = req.query.format;
  if (format !== undefined) return format === 'txt';
  return req.accepts(['application/json', 'text/plain']) === 'text/plain';
}

/** A JSON object body, as the context of a rendering. */
export function contextOf(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, { non_field_errors: ['Invalid data. Expected a dictionary.'] });
  return body as Record<string, unknown>;
}

documentRoute(`${ConfigTemplate.path}{id}/render/`, {
  post: {
    operationId: 'extras_config_templates_render_create',
    description: 'Render the config template with the posted data as its context.',
    tags: ['extras'],
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
    requestBody: json({ type: 'object', additionalProperties: true }),
    responses: { 200: { description: '', ...json({ type: 'object', properties: { configtemplate: { type: 'object' }, content: { type: 'string' } } }) } },
  },
});

/** `POST /api/extras/config-templates/<id>/render/`: the template rendered with the posted data. */
@Controller(ConfigTemplate.path.slice(1, -1))
@ModelRoute(ConfigTemplate)
export class ConfigTemplateRenderController {
  constructor(private readonly crud: CrudService) {}

  @Post(':id/render')
  @HttpCode(200)
  @Allow(POST_ONLY)
  async render(@Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
    const ctx = requestContext(req);
    const context = contextOf(body);
    const { row, render } = await this.crud.visibleRow(ConfigTemplate, Number(id), ctx);
    return renderedConfig(req, render, row, context);
  }
}
