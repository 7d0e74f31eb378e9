import { IntegerVar, ObjectVar, Script, ScriptContext, ScriptData, StringVar, TextVar } from '../../src/plugin-api';

/** A slug from a name, as NetBox's forms prefill it. */
const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^-a-z0-9_\s]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .slice(0, 100);

const siteVars = {
  site_name: new StringVar({ label: 'Site name', maxLength: 100 }),
  slug: new StringVar({ label: 'Slug', description: 'From the name when not given', required: false, maxLength: 100, regex: '^[-a-zA-Z0-9_]+$' }),
  rack_count: new IntegerVar({ label: 'Racks', min: 1, max: 100 }),
};

/** Creates a planned site and its racks, `<site>-R01`, `<site>-R02`, …: all of them or, on any error, none. */
export class CreateSiteWithRacks extends Script {
  static displayName = 'Create a site with racks';
  static description = 'Creates a planned site and its racks';
  static vars = siteVars;

  async run(data: ScriptData<typeof siteVars>, ctx: ScriptContext): Promise<string> {
    const site = await ctx.create('dcim.site', { name: data.site_name, slug: data.slug || slugify(data.site_name), status: 'planned' });
    ctx.log_success(`Created site ${site.display}`);
    const racks: string[] = [];
    for (let n = 1; n <= data.rack_count; n++) {
      const rack = await ctx.create('dcim.rack', { site: site.id, name: `${data.site_name}-R${String(n).padStart(2, '0')}`, status: 'planned' });
      racks.push(String(rack.display));
    }
    ctx.log_info(`Created ${racks.length} rack${racks.length === 1 ? '' : 's'}`);
    return racks.join('\n');
  }
}

const hostVars = {
  zone: new ObjectVar({ label: 'Zone', model: 'dns.zone' }),
  hosts: new TextVar({ label: 'Hosts', description: 'One a line: <name> <address>/<mask length>' }),
};

/**
 * Adds hosts to a zone: for each line an IP address and the A or AAAA record pointing at it. A line
 * that is wrong undoes every line before it.
 */
export class AddHosts extends Script {
  static description = 'Adds IP addresses and their A/AAAA records to a zone';
  static vars = hostVars;

  async run(data: ScriptData<typeof hostVars>, ctx: ScriptContext): Promise<string> {
    const zone = data.zone;
    const lines = data.hosts.split('\n').map((l) => l.trim()).filter(Boolean);
    const added: string[] = [];
    for (const [i, line] of lines.entries()) {
      const [name, address, ...rest] = line.split(/\s+/);
      if (!address || rest.length) throw new Error(`line ${i + 1}: expected "<name> <address>/<mask length>", got "${line}"`);
      const ip = await ctx.create('ipam.ipaddress', { address, dns_name: `${name}.${zone.name}`, description: `Added by ${AddHosts.name}` });
      const type = address.includes(':') ? 'AAAA' : 'A';
      const record = await ctx.create('dns.record', { zone: zone.id, name, type, ip_address: ip.id });
      ctx.log_success(`${record.display} points at ${ip.display}`);
      added.push(`${name} IN ${type} ${record.value}`);
    }
    return added.join('\n');
  }
}
