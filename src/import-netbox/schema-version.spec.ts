import schemas from './netbox-schemas.json';
import { NetboxSchema, UnknownSchemaError, detectSchema, releasesOf, schemaAtLeast } from './schema-version';

const STATES = schemas.states as NetboxSchema[];
const KNOWN = schemas.known as Record<string, string[]>;

/** Every migration a release's schema has applied: each app's known names up to its newest. */
function appliedAt(schema: NetboxSchema): Array<{ app: string; name: string }> {
  return Object.entries(schema.latest).flatMap(([app, latest]) => KNOWN[app].filter((name) => name <= latest).map((name) => ({ app, name })));
}
const stateOf = (release: string) => STATES.find((s) => s.from === release || s.to === release)!;

describe('the NetBox release a source has, from its django_migrations', () => {
  it('knows every release from 3.5.0 to 4.6.8', () => {
    expect(STATES[0].from).toBe('3.5.0');
    expect(STATES[STATES.length - 1].to).toBe('4.6.8');
  });

  it('names the releases that share a schema', () => {
    for (const schema of STATES) expect(detectSchema(appliedAt(schema))).toEqual(schema);
    expect(releasesOf(detectSchema(appliedAt(stateOf('3.5.9'))))).toBe('3.5.2 to 3.5.9');
    expect(schemaAtLeast(stateOf('4.2.0'), '4.2')).toBe(true);
    expect(schemaAtLeast(stateOf('4.1.11'), '4.2')).toBe(false);
  });

  it('takes the history squashed migrations replaced, and other apps, as they come', () => {
    const applied = [...appliedAt(stateOf('3.5.9')), { app: 'tenancy', name: '0012_standardize_models' }, { app: 'social_django', name: '0016_alter' }];
    expect(releasesOf(detectSchema(applied))).toBe('3.5.2 to 3.5.9');
  });

  it('reads part of the next release as a pre-release of it', () => {
    const applied = appliedAt(stateOf('4.2.0')).filter(({ app, name }) => !(app === 'circuits' && name === '0051_virtualcircuit_group_assignment'));
    const schema = detectSchema(applied);
    expect(schema.before).toBe('4.2.0');
    expect(releasesOf(schema)).toMatch(/^between 4\.1\.11 and 4\.2\.0/);
    expect(schemaAtLeast(schema, '4.2')).toBe(true);
  });

  it('refuses a newer NetBox, an older one, and one between releases several apart, naming what it found', () => {
    const newer = [...appliedAt(STATES[STATES.length - 1]), { app: 'dcim', name: '9999_future' }];
    expect(() => detectSchema(newer)).toThrow(/dcim\.9999_future.*newer than 4\.6\.8/);
    expect(() => detectSchema([{ app: 'dcim', name: '0100_mptt_remove_indexes' }])).toThrow(UnknownSchemaError);
    expect(() => detectSchema([{ app: 'dcim', name: '0100_mptt_remove_indexes' }])).toThrow(/older than 3\.5\.0/);
    const skipped = [...appliedAt(stateOf('3.5.9')), ...appliedAt(stateOf('4.0.0')).filter(({ app }) => app === 'dcim')];
    expect(() => detectSchema(skipped)).toThrow(/several releases past 3\.5\.9/);
  });
});
