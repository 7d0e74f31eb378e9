import { registry } from '../core/model/model';
import { keysFor } from '../core/serialize/serializer';
import { NetBox46 } from './netbox-4.6';
import serializers from './netbox-4.6-serializers.json';
import '../models';

/** Fields of NetBox 4.6.8's serializers that /v4 does not show yet, by stored model, each group with its reason. */
const NOT_SHOWN: Array<[reason: string, fields: Record<string, string[]>]> = [
  ['models not built yet: cable profiles', {
    'dcim.cable': ['profile'],
    'dcim.cabletermination': ['connector', 'positions'],
  }],
  ["write-only in NetBox's serializer: listed, never shown", {
    'users.user': ['password'],
    'dcim.module': ['replicate_components', 'adopt_components'],
    'extras.scriptmodule': ['file'],
  }],
];

const listed = serializers as Record<string, { fields: string[]; brief: string[] }>;
/** Each serializer's fields once, as DRF takes a name listed twice (a VLAN translation policy's `display`). */
const lists = Object.fromEntries(Object.entries(listed).map(([label, list]) => [label, { ...list, fields: [...new Set(list.fields)] }]));
const served = registry.served().filter((model) => NetBox46.serves(model) && lists[NetBox46.objectTypeOf(model)]);

function allowed(label: string): string[] {
  return NOT_SHOWN.flatMap(([, fields]) => fields[label] ?? []);
}

describe("NetBox 4.6.8's fields on /v4", () => {
  const shownBy = (label: string) => {
    const model = registry.get(label)!;
    return keysFor(model, 'full', NetBox46).map((key) => NetBox46.nameOf(model, key));
  };

  it('shows each model\'s fields in its serializer\'s order', () => {
    for (const model of served) {
      const shown = shownBy(model.label);
      expect({ [model.label]: shown }).toEqual({ [model.label]: lists[NetBox46.objectTypeOf(model)].fields.filter((f) => shown.includes(f)) });
    }
  });

  it('shows every field but those listed, with their reasons, as not shown yet', () => {
    const missing = Object.fromEntries(
      served.flatMap((model) => {
        const shown = shownBy(model.label);
        const lacking = lists[NetBox46.objectTypeOf(model)].fields.filter((f) => !shown.includes(f));
        return lacking.length ? [[model.label, lacking.sort()]] : [];
      }),
    );
    const expected = Object.fromEntries(served.map((m) => [m.label, allowed(m.label).sort()]).filter(([, fields]) => fields.length));
    expect(missing).toEqual(expected);
  });

  it("stores 4.5's owner on exactly the models whose serializer lists it", () => {
    const owned = registry.all().filter((model) => model.fields.owner).map((model) => NetBox46.objectTypeOf(model)).sort();
    const listing = served.map((model) => NetBox46.objectTypeOf(model)).filter((label) => lists[label].fields.includes('owner')).sort();
    expect(owned).toEqual(listing);
  });

  it('lists only served models in its allowlist', () => {
    const labels = new Set(served.map((m) => m.label));
    expect(NOT_SHOWN.flatMap(([, fields]) => Object.keys(fields)).filter((label) => !labels.has(label))).toEqual([]);
  });
});
