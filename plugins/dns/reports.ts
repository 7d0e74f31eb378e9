import { ObjectReader, Report } from '../../src/plugin-api';

/** Zones that serve nothing, and address records that point at no IP address of the inventory. */
export class ZoneHealth extends Report {
  static description = 'Checks that zones have records and that A/AAAA records point at IP addresses';

  async test_zones_have_records(objects: ObjectReader): Promise<void> {
    for (const zone of await objects.filter('dns.zone')) {
      if (zone.record_count) this.log_success(zone);
      else this.log_failure(zone, 'The zone has no records');
    }
  }

  async test_address_records_point_at_addresses(objects: ObjectReader): Promise<void> {
    for (const record of await objects.filter('dns.record', { type: ['A', 'AAAA'] })) {
      if (record.ip_address) this.log_success(record);
      else this.log_warning(record, 'The record points at no IP address of the inventory');
    }
  }
}
