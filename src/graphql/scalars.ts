import { GraphQLScalarType, Kind, ValueNode } from 'graphql';

/** Any JSON value: custom fields, config contexts, JSON columns (NetBox's GenericScalar). */
export const GenericScalar = new GraphQLScalarType({
  name: 'GenericScalar',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: function literal(node: ValueNode): unknown {
    switch (node.kind) {
      case Kind.STRING:
      case Kind.BOOLEAN:
        return node.value;
      case Kind.INT:
      case Kind.FLOAT:
        return Number(node.value);
      case Kind.LIST:
        return node.values.map(literal);
      case Kind.OBJECT:
        return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value)]));
      default:
        return null;
    }
  },
});

/** Any JSON value, as strawberry's JSON scalar names it (NetBox 4.x's custom fields, config contexts). */
export const JsonScalar = new GraphQLScalarType({ ...GenericScalar.toConfig(), name: 'JSON', description: 'The `JSON` scalar type represents JSON values.' });

/** Integers beyond 32 bits (a 4-byte ASN), as NetBox's BigInt. */
export const BigIntScalar = new GraphQLScalarType({
  name: 'BigInt',
  description: 'An integer that may exceed 32 bits.',
  serialize: (value) => (value === null || value === undefined ? null : Number(value)),
  parseValue: (value) => Number(value),
  parseLiteral: (node) => (node.kind === Kind.INT ? Number(node.value) : undefined),
});
