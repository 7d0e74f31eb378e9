import { Controller, Get, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Allow, CrudService, ModelRoute, NotFoundError, READ_METHODS, Row, documentRoute, requestContext } from '../../src/plugin-api';
import { DnsRecord, Zone } from './models';

/** A zone as a DNS server loads it: its SOA, then its active records that the user may view. */
export function zoneFile(zone: Row, records: Row[]): string {
  const origin = `${zone.name}.`;
  const soa = [zone.soa_mname, zone.soa_rname, zone.soa_serial, zone.soa_refresh, zone.soa_retry, zone.soa_expire, zone.soa_minimum];
  const lines = [`$ORIGIN ${origin}`, `$TTL ${zone.default_ttl}`, `@ IN SOA ${soa.map((v, i) => (i < 2 ? `${v}.` : v)).join(' ')}`];
  for (const r of records) lines.push([r.name, r.ttl ?? '', 'IN', r.type, r.type === 'TXT' ? JSON.stringify(r.value) : r.value].filter((v) => v !== '').join(' '));
  return `${lines.join('\n')}\n`;
}

documentRoute('/api/plugins/dns/zones/{id}/zone-file/', {
  get: {
    operationId: 'plugins_dns_zones_zone_file_retrieve',
    description: "The zone in a DNS server's master file format.",
    tags: ['plugins'],
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
    responses: {
      200: {
        description: '',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { zone: { type: 'string' }, serial: { type: 'integer' }, text: { type: 'string' } } },
          },
        },
      },
    },
  },
});

/** `GET /api/plugins/dns/zones/<id>/zone-file/`: needs view permission on the zone; shows only the records the user may view. */
@Controller('zones')
@ModelRoute(Zone)
export class ZoneFileController {
  constructor(private readonly crud: CrudService) {}

  @Get(':id/zone-file')
  @Allow(READ_METHODS)
  async zoneFile(@Req() req: Request, @Param('id') id: string) {
    if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
    const ctx = requestContext(req);
    const { row: zone } = await this.crud.visibleRow(Zone, Number(id), ctx);
    const records = await this.crud.visibleRows(DnsRecord, ctx, { zone_id: String(zone.id), status: 'active' });
    return { zone: zone.name, serial: zone.soa_serial, text: zoneFile(zone, records) };
  }
}
