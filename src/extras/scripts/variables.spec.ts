import {
  BooleanVar,
  ChoiceVar,
  IPAddressVar,
  IPAddressWithMaskVar,
  IPNetworkVar,
  IntegerVar,
  MultiChoiceVar,
  MultiObjectVar,
  ObjectVar,
  StringVar,
  VariableContext,
  cleanData,
  resolveData,
} from './variables';

/** Sites 1 and 2 exist. */
const sites: VariableContext = {
  existing: async (_label, ids) => new Set(ids.filter((id) => id === 1 || id === 2)),
  load: async (_label, ids) => ids.map((id) => ({ id, display: `Site ${id}` })),
};

async function check(vars: Record<string, any>, data: Record<string, unknown>) {
  return cleanData(vars, data, sites);
}

describe('script variables', () => {
  it('require a value unless optional, and give optional ones their empty value or default', async () => {
    const vars = {
      name: new StringVar(),
      note: new StringVar({ required: false }),
      count: new IntegerVar({ required: false }),
      racks: new IntegerVar({ default: 2 }),
      flag: new BooleanVar(),
      site: new ObjectVar({ model: 'dcim.site', required: false }),
      many: new MultiObjectVar({ model: 'dcim.site', required: false }),
    };
    expect(await check(vars, {})).toEqual({
      values: { note: '', count: null, racks: 2, flag: false, site: null, many: [] },
      errors: { name: ['This field is required.'] },
    });
    expect((await check(vars, { name: '  x  ', flag: 'False', extra: 1 })).values).toMatchObject({ name: 'x', flag: false });
  });

  it("refuse values with Django's messages", async () => {
    const vars = {
      name: new StringVar({ maxLength: 3, regex: '^[a-z]+$' }),
      count: new IntegerVar({ min: 1, max: 10 }),
      colour: new ChoiceVar({ choices: [['red', 'Red']] }),
      colours: new MultiChoiceVar({ choices: [['red', 'Red']] }),
      site: new ObjectVar({ model: 'dcim.site' }),
      sites: new MultiObjectVar({ model: 'dcim.site' }),
      address: new IPAddressVar(),
      interface: new IPAddressWithMaskVar(),
      prefix: new IPNetworkVar({ maxPrefixLength: 24 }),
    };
    const { errors } = await check(vars, {
      name: 'abcd',
      count: 'ten',
      colour: 'blue',
      colours: 'red',
      site: 3,
      sites: [1, 'x'],
      address: '192.0.2.1/24',
      interface: '192.0.2.1',
      prefix: '192.0.2.1/24',
    });
    expect(errors).toEqual({
      name: ['Ensure this value has at most 3 characters (it has 4).'],
      count: ['Enter a whole number.'],
      colour: ['Select a valid choice. blue is not one of the available choices.'],
      colours: ['Enter a list of values.'],
      site: ['Select a valid choice. That choice is not one of the available choices.'],
      sites: ['“x” is not a valid value.'],
      address: ['Invalid IPv4/IPv6 address format: 192.0.2.1/24'],
      interface: ['CIDR mask (e.g. /24) is required.'],
      prefix: ['192.0.2.1/24 is not a valid prefix. Did you mean 192.0.2.0/24?'],
    });
    expect((await check(vars, { count: 11, sites: [1, 3], prefix: '10.0.0.0/25', name: 'ABC' })).errors).toMatchObject({
      name: ['Invalid value. Must match regex: ^[a-z]+$'],
      count: ['Ensure this value is less than or equal to 10.'],
      sites: ['Select a valid choice. 3 is not one of the available choices.'],
      prefix: ['The prefix length must be less than or equal to 24.'],
    });
  });

  it('give run the objects and normalised addresses the values name', async () => {
    const vars = {
      site: new ObjectVar({ model: 'dcim.site' }),
      sites: new MultiObjectVar({ model: 'dcim.site' }),
      address: new IPAddressVar(),
      prefix: new IPNetworkVar(),
    };
    const { values, errors } = await check(vars, { site: '2', sites: [1, 2, 1], address: '2001:DB8::1', prefix: '2001:db8::/32' });
    expect(errors).toEqual({});
    expect(values).toEqual({ site: 2, sites: [1, 2], address: '2001:db8::1', prefix: '2001:db8::/32' });
    expect(await resolveData(vars, values, sites)).toEqual({
      site: { id: 2, display: 'Site 2' },
      sites: [
        { id: 1, display: 'Site 1' },
        { id: 2, display: 'Site 2' },
      ],
      address: '2001:db8::1',
      prefix: '2001:db8::/32',
    });
  });
});
