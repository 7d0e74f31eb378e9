import { definePlugin } from '../../src/plugin-api';
import { DnsRecord, Zone } from './models';
import { ZoneHealth } from './reports';
import { AddHosts, CreateSiteWithRacks } from './scripts';
import { ZoneFileController } from './zone-file.controller';

/** The example plugin: DNS zones and their records, which may point at IP addresses. */
export default definePlugin({
  name: 'dns',
  verboseName: 'DNS',
  version: '1.0.0',
  baseUrl: 'dns',
  minVersion: '3.5.0',
  maxVersion: '3.5.99',
  description: 'DNS zones and records, tied to IP addresses',
  author: 'The inventory service authors',
  models: [Zone, DnsRecord],
  controllers: [ZoneFileController],
  scripts: [CreateSiteWithRacks, AddHosts],
  reports: [ZoneHealth],
  defaultSettings: { default_ttl: 3600 },
});
