import schemas from './netbox-schemas.json';

/** A schema NetBox releases share: the releases, and the newest migration of each app they ship. */
export interface NetboxSchema {
  from: string;
  to: string;
  latest: Record<string, string>;
  /** Some of the next release's migrations applied too: a pre-release of it (the demo data's 4.2), or an upgrade stopped midway. */
  before?: string;
  /** How the schema was found where the source has no django_migrations (a `dumpdata` file). */
  inferred?: string;
}

/** A source this importer cannot read: its schema is not one of a release it knows. */
export class UnknownSchemaError extends Error {
  name = 'UnknownSchemaError';
}

const STATES = schemas.states as NetboxSchema[];
const KNOWN = schemas.known as Record<string, string[]>;
const FIRST = STATES[0].from;
const LAST = STATES[STATES.length - 1].to;

/** `3.5.2 to 3.5.9`, one release, or `between 4.1.11 and 4.2.0`. */
export function releasesOf(schema: NetboxSchema): string {
  if (schema.before) return `between ${schema.to} and ${schema.before} (a pre-release of ${schema.before}, or an upgrade stopped midway)`;
  return schema.from === schema.to ? schema.from : `${schema.from} to ${schema.to}`;
}

/** Whether the schema is that of `version` (`4.2`) or of a later release (a pre-release of it counts as it). */
export function schemaAtLeast(schema: NetboxSchema, version: string): boolean {
  const [major, minor] = (schema.before ?? schema.from).split('.').map(Number);
  const [wantMajor, wantMinor] = version.split('.').map(Number);
  return major > wantMajor || (major === wantMajor && minor >= wantMinor);
}

/**
 * The schema of the NetBox whose `django_migrations` rows are given: the newest release schema whose migrations are all
 * applied, and nothing beyond them. A migration no release between 3.5.0 and 4.6.8 ships (a newer or a development
 * NetBox), an older NetBox, or one stopped midway through an upgrade is refused with what was found.
 */
export function detectSchema(applied: Array<{ app: string; name: string }>): NetboxSchema {
  const byApp = new Map<string, Set<string>>();
  for (const { app, name } of applied) {
    if (!KNOWN[app]) continue;
    if (!byApp.has(app)) byApp.set(app, new Set());
    byApp.get(app)!.add(name);
  }
  // Names older than a release's squashed migrations are history every NetBox keeps: only newer ones are unknown.
  const unknown = [...byApp].flatMap(([app, names]) =>
    [...names].filter((name) => !KNOWN[app].includes(name) && name > KNOWN[app][KNOWN[app].length - 1]).map((name) => `${app}.${name}`),
  );
  if (unknown.length) {
    throw new UnknownSchemaError(
      `The source's NetBox has migrations no release from ${FIRST} to ${LAST} ships (${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', …' : ''}): ` +
        `it is newer than ${LAST} or a development build. Import from a release between ${FIRST} and ${LAST}.`,
    );
  }
  // The newest of an app's applied migrations that some release ships (not the history its squashes replaced).
  const newestOf = (app: string) => [...(byApp.get(app) ?? [])].filter((name) => KNOWN[app].includes(name)).sort().pop();
  const found = `dcim ${newestOf('dcim') ?? 'none'}, extras ${newestOf('extras') ?? 'none'}`;
  for (let i = STATES.length - 1; i >= 0; i--) {
    const schema = STATES[i];
    if (!Object.entries(schema.latest).every(([app, name]) => byApp.get(app)?.has(name))) continue;
    const beyond = Object.entries(schema.latest).some(([app, name]) => (newestOf(app) ?? '') > name);
    if (!beyond) return schema;
    // Part of the next release's migrations: its tables are what the reader finds, column by column.
    const next = STATES[i + 1];
    const withinNext = next && [...byApp].every(([app]) => (newestOf(app) ?? '') <= (next.latest[app] ?? ''));
    if (!withinNext) throw new UnknownSchemaError(`The source's NetBox has migrations of several releases past ${schema.to} but not all of any (${found}): finish its upgrade first.`);
    return { ...schema, before: next.from };
  }
  throw new UnknownSchemaError(`The source's NetBox is older than ${FIRST} (newest migrations: ${found}). Upgrade it to ${FIRST} or later first, then import.`);
}

/**
 * The earliest release schema that has every one of the given migrations (each app's names compare in order): the
 * oldest NetBox that could hold a source known only by what it contains, such as a `dumpdata` file.
 */
export function earliestSchemaWith(migrations: Array<{ app: string; name: string }>): NetboxSchema {
  const schema = STATES.find((state) => migrations.every(({ app, name }) => (state.latest[app] ?? '') >= name));
  if (!schema) throw new UnknownSchemaError(`The source has models no release from ${FIRST} to ${LAST} has.`);
  return schema;
}
