import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ModelRoute } from '../core/auth/auth.guard';
import { CrudService } from '../core/crud/crud.service';
import { requestContext } from '../core/crud/model.controller';
import { ApiError, NotFoundError } from '../core/http/errors';
import { Allow } from '../core/http/allow';
import { Row } from '../core/model/model';
import { documentRoute, json } from '../core/openapi/openapi';
import { represent } from '../core/serialize/serializer';
import { renderedConfig, contextOf } from '../extras/config-templates.controller';
import { ConfigTemplate } from '../extras/config-templates.model';
import { asTemplateObject } from '../extras/template-objects';
import { Device } from './devices.models';
import { DeviceRole, Platform } from './types.models';

documentRoute(`${Device.path}{id}/render-config/`, {
  post: {
    operationId: 'dcim_devices_render_config_create',
    description: "Render the device's config template (its own, else its role's, else its platform's) with its config context.",
    tags: ['dcim'],
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
    requestBody: json({ type: 'object', additionalProperties: true }),
    responses: { 200: { description: '', ...json({ type: 'object', properties: { configtemplate: { type: 'object' }, content: { type: 'string' } } }) } },
  },
});

/**
 * `POST /api/dcim/devices/<id>/render-config/`: NetBox's device configuration rendering. The context is the
 * device's config context, then the posted data, then `device` (the device as templates see it).
 */
@Controller(Device.path.slice(1, -1))
@ModelRoute(Device)
export class RenderConfigController {
  constructor(private readonly crud: CrudService) {}

  @Post(':id/render-config')
  @HttpCode(200)
  @Allow('POST, OPTIONS')
  async renderConfig(@Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
    const ctx = requestContext(req);
    const posted = contextOf(body);
    const { row: device, render } = await this.crud.visibleRow(Device, Number(id), ctx);
    const template = await this.templateOf(device);
    if (!template) throw new ApiError(400, { error: 'No config template found for this device.' });
    const [rep] = await represent(render, Device, [device], 'full');
    const configContext = (rep.config_context ?? {}) as Record<string, unknown>;
    return renderedConfig(req, render, template, { ...configContext, ...posted, device: asTemplateObject(rep) });
  }

  /** The device's own template, else its role's, else its platform's, as NetBox's `get_config_template`. */
  private async templateOf(device: Row): Promise<Row | null> {
    const role = device.device_role_id ? await this.crud.internalRow(DeviceRole, device.device_role_id) : null;
    const platform = device.platform_id ? await this.crud.internalRow(Platform, device.platform_id) : null;
    const id = device.config_template_id ?? role?.config_template_id ?? platform?.config_template_id ?? null;
    return id === null ? null : this.crud.internalRow(ConfigTemplate, id);
  }
}
