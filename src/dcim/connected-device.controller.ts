import { Controller, Get, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PublicRoute } from '../core/auth/auth.guard';
import { CrudService } from '../core/crud/crud.service';
import { requestContext } from '../core/crud/model.controller';
import { ApiError, NotFoundError } from '../core/http/errors';
import { Allow, READ_METHODS } from '../core/http/allow';
import { documentRoute, json } from '../core/openapi/openapi';
import { represent } from '../core/serialize/serializer';
import { Interface } from './components.models';
import { Device } from './devices.models';

const PATH = '/api/dcim/connected-device/';

documentRoute(PATH, {
  get: {
    operationId: 'dcim_connected_device_list',
    description: 'The device at the far end of the cable of `peer_interface` on `peer_device`, for devices that find their neighbours by LLDP.',
    tags: ['dcim'],
    parameters: [
      { name: 'peer_device', in: 'query', required: true, description: 'The name of the peer device', schema: { type: 'string' } },
      { name: 'peer_interface', in: 'query', required: true, description: 'The name of the peer interface', schema: { type: 'string' } },
    ],
    responses: { 200: { description: '', ...json({ $ref: '#/components/schemas/Device' }) } },
  },
}, { standalone: true });

const param = (value: unknown): string | undefined => (Array.isArray(value) ? value[value.length - 1] : (value as string | undefined));

/**
 * `GET /api/dcim/connected-device/?peer_device=<name>&peer_interface=<name>`: NetBox's connected device locator.
 * The peer device and interface, and the device found, must be ones the user may view.
 */
@Controller(PATH.slice(1, -1))
@PublicRoute()
export class ConnectedDeviceController {
  constructor(private readonly crud: CrudService) {}

  @Get()
  @Allow(READ_METHODS)
  async locate(@Req() req: Request) {
    const ctx = requestContext(req);
    const deviceName = param(ctx.params.peer_device);
    const interfaceName = param(ctx.params.peer_interface);
    if (!deviceName || !interfaceName) throw new ApiError(400, { detail: 'Request must include "peer_device" and "peer_interface" filters.' });
    const [peer] = await this.crud.visibleRows(Device, ctx, { name: deviceName });
    if (!peer) throw new NotFoundError();
    const [peerInterface] = await this.crud.visibleRows(Interface, ctx, { device_id: String(peer.id), name: interfaceName });
    if (!peerInterface) throw new NotFoundError();
    const render = this.crud.renderContext(ctx);
    const [rep] = await represent(render, Interface, [peerInterface], 'full');
    const endpoints = rep.connected_endpoints as Array<{ device?: { id: number } }> | null;
    if (!endpoints?.length || rep.connected_endpoints_type !== 'dcim.interface' || !endpoints[0].device) throw new NotFoundError();
    const [device] = await this.crud.visibleRows(Device, ctx, { id: String(endpoints[0].device.id) });
    if (!device) throw new NotFoundError();
    return (await represent(render, Device, [device], 'full'))[0];
  }
}
