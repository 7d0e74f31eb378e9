import { definePlugin, graphql, q } from '../../src/plugin-api';
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
  // A query of its own beside `zone`/`zone_list`: a zone by its name, as resolvers of DNS tools ask.
  graphqlSchema: ({ typeOf }) => ({
    dns_zone_by_name: {
      type: typeOf(Zone),
      args: { name: { type: new graphql.GraphQLNonNull(graphql.GraphQLString) } },
      resolve: async (_root, args: { name: string }, ctx) => (await ctx.rows(Zone, (query) => void query.where(`t.${q('name')} = ${query.param(args.name)}`)))[0] ?? null,
    },
  }),
});
