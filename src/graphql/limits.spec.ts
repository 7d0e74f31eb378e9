import { GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, parse, specifiedRules, validate } from 'graphql';
import { queryLimits } from './limits';
import { snakeCase } from './names';

const Interface: GraphQLObjectType = new GraphQLObjectType({
  name: 'InterfaceType',
  fields: () => ({ name: { type: GraphQLString }, device: { type: Device } }),
});
const Device: GraphQLObjectType = new GraphQLObjectType({
  name: 'DeviceType',
  fields: () => ({ name: { type: GraphQLString }, interfaces: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Interface))) } }),
});
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: { device: { type: Device }, device_list: { type: new GraphQLList(Device), args: { limit: { type: GraphQLInt } } } },
  }),
});

/** The limit errors of a query under generous limits but the one measured. */
function errors(query: string, maxDepth = 100, maxComplexity = 1_000_000): string[] {
  return validate(schema, parse(query), [...specifiedRules, queryLimits(maxDepth, maxComplexity)]).map((e) => e.message);
}

describe('GraphQL query limits', () => {
  it('measures depth through fields, inline fragments and named fragments', () => {
    const query = 'query { device { ...D } } fragment D on DeviceType { interfaces { ... on InterfaceType { device { name } } } }';
    expect(errors(query, 4)).toEqual([]);
    expect(errors(query, 3)).toEqual(['Query depth 4 exceeds the maximum of 3 (GRAPHQL_MAX_DEPTH).']);
  });

  it('costs a field 1, a relation 10 and a list what it selects times its limit or 10', () => {
    // device_list: 10 + 10 × (1 + interfaces (10 + 10 × 1)) = 220.
    expect(errors('{ device_list { name interfaces { name } } }', 100, 219)).toEqual(['Query complexity 220 exceeds the maximum of 219 (GRAPHQL_MAX_COMPLEXITY).']);
    expect(errors('{ device_list { name interfaces { name } } }', 100, 220)).toEqual([]);
    // A limit counts instead of 10: 10 + 2 × (1 + 20) = 52.
    expect(errors('{ device_list(limit: 2) { name interfaces { name } } }', 100, 51)).toEqual(['Query complexity 52 exceeds the maximum of 51 (GRAPHQL_MAX_COMPLEXITY).']);
    // A single object does not multiply: 10 + 1 + 20 = 31.
    expect(errors('{ device { name interfaces { name } } }', 100, 30)).toEqual(['Query complexity 31 exceeds the maximum of 30 (GRAPHQL_MAX_COMPLEXITY).']);
  });

  it('leaves introspection out of both measures', () => {
    expect(errors('{ __schema { types { fields { type { ofType { ofType { name } } } } } } }', 1, 1)).toEqual([]);
  });
});

describe('GraphQL names', () => {
  it("spells a model's query as NetBox does", () => {
    expect(['Device', 'DeviceType', 'IPAddress', 'VLANGroup', 'VMInterface', 'L2VPNTermination', 'FHRPGroupAssignment', 'WirelessLAN', 'ASN'].map(snakeCase)).toEqual([
      'device',
      'device_type',
      'ip_address',
      'vlan_group',
      'vm_interface',
      'l2vpn_termination',
      'fhrp_group_assignment',
      'wireless_lan',
      'asn',
    ]);
  });
});
