// A NetBox 3.5 database of benchmark size, made from NetBox's demo data (test/fixtures/netbox-demo, MIT) with SQL in
// its own database: the demo's devices copied until there are about 100,000, the first copies with every interface
// of their original (about 1,000,000 in all), and the cables between those interfaces with their terminations and
// the paths NetBox traced through them. Copies keep every value but their ids (original + copy × 1,000,000), their
// names (suffixed), and what would collide or point outside the copy (asset tag, rack position, chassis, modules).
// Every other copied physical interface has a MAC address, which the import makes a MAC address object, as 4.2 does.
const { execFileSync } = require('child_process');
const path = require('path');
const { Client } = require('pg');

const DEMO = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'netbox-demo', 'netbox-demo-v3.5.sql.gz');
const OFFSET = 1_000_000;
/** Content type ids are the dump's own; read them rather than assume them. */
const TYPES_SQL = `SELECT id, model FROM django_content_type WHERE app_label = 'dcim' AND model IN ('interface', 'cable')`;

function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Copies of the demo's rows, made by the SQL below: how many of each, for the seeding record. */
async function counts(client) {
  const { rows } = await client.query(
    `SELECT (SELECT COUNT(*) FROM dcim_device) AS devices, (SELECT COUNT(*) FROM dcim_interface) AS interfaces,
            (SELECT COUNT(*) FROM dcim_interface WHERE mac_address IS NOT NULL) AS "MAC addresses",
            (SELECT COUNT(*) FROM dcim_cable) AS cables, (SELECT COUNT(*) FROM dcim_cablepath) AS paths`,
  );
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
}

/**
 * The database `name` on the server of `serverUrl`, made once for these sizes and reused while its comment says it
 * was: returns its URL and its row counts.
 */
async function scaledNetbox(serverUrl, name, { devices = 100_000, interfaces = 1_000_000, fresh = false, log = console.log } = {}) {
  const marker = `netbox-demo-v3.5 scaled to ${devices} devices, ${interfaces} interfaces, half with MAC addresses`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [name],
    );
    if (rows.length && rows[0].comment === marker && !fresh) {
      const client = new Client({ connectionString: databaseUrl(serverUrl, name) });
      await client.connect();
      try {
        return { url: databaseUrl(serverUrl, name), counts: await counts(client), reused: true };
      } finally {
        await client.end();
      }
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, name);
  log(`loading the 3.5 demo dump into ${name}`);
  execFileSync('sh', ['-c', `gunzip -c "${DEMO}" | psql -q "${url}" >/dev/null 2>&1 || true`]);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const types = Object.fromEntries((await client.query(TYPES_SQL)).rows.map((r) => [r.model, Number(r.id)]));
    const base = await counts(client);
    const deviceCopies = Math.max(0, Math.ceil(devices / base.devices) - 1);
    const interfaceCopies = Math.min(deviceCopies, Math.max(0, Math.ceil(interfaces / base.interfaces) - 1));
    log(`copying ${base.devices} devices ${deviceCopies} times, ${base.interfaces} interfaces ${interfaceCopies} times`);
    await client.query('BEGIN');
    await client.query(`SELECT setseed(0.35)`);
    await client.query(
      `INSERT INTO dcim_device (created, last_updated, custom_field_data, id, local_context_data, name, _name, serial, asset_tag,
         position, face, status, vc_position, vc_priority, comments, cluster_id, device_role_id, device_type_id, location_id,
         platform_id, primary_ip4_id, primary_ip6_id, rack_id, site_id, tenant_id, virtual_chassis_id, airflow, description,
         config_template_id)
       SELECT created, last_updated, custom_field_data, id + k * ${OFFSET}, local_context_data, name || '-' || k,
         _name || '-' || lpad(k::text, 8, '0'), serial, NULL, NULL, '', status, NULL, NULL, comments, cluster_id,
         device_role_id, device_type_id, location_id, platform_id, NULL, NULL, rack_id, site_id, tenant_id, NULL, airflow,
         description, config_template_id
       FROM dcim_device, generate_series(1, $1::int) AS k WHERE id < ${OFFSET}`,
      [deviceCopies],
    );
    // Cables whose every end is an interface, and the paths that run through interfaces and such cables only: what
    // a copy of the interfaces can keep.
    await client.query(
      `CREATE TEMP TABLE copied_cables AS SELECT cable_id AS id FROM dcim_cabletermination GROUP BY cable_id
       HAVING bool_and(termination_type_id = ${types.interface})`,
    );
    await client.query(
      `CREATE TEMP TABLE copied_paths AS SELECT id FROM dcim_cablepath p WHERE NOT EXISTS (
         SELECT 1 FROM unnest(p._nodes) AS node
         WHERE NOT (split_part(node, ':', 1) = '${types.interface}'
                    OR (split_part(node, ':', 1) = '${types.cable}' AND split_part(node, ':', 2)::bigint IN (SELECT id FROM copied_cables))))`,
    );
    const shift = (column) => `${column} + k * ${OFFSET}`;
    await client.query(
      `INSERT INTO dcim_cable (created, last_updated, custom_field_data, id, type, status, label, color, length, length_unit,
         _abs_length, tenant_id, comments, description)
       SELECT created, last_updated, custom_field_data, ${shift('id')}, type, status, label, color, length, length_unit,
         _abs_length, tenant_id, comments, description
       FROM dcim_cable, generate_series(1, $1::int) AS k WHERE id IN (SELECT id FROM copied_cables)`,
      [interfaceCopies],
    );
    await client.query(
      `INSERT INTO dcim_cabletermination (id, cable_end, termination_id, cable_id, termination_type_id, _device_id, _rack_id,
         _location_id, _site_id, created, last_updated)
       SELECT ${shift('id')}, cable_end, ${shift('termination_id')}, ${shift('cable_id')}, termination_type_id,
         ${shift('_device_id')}, _rack_id, _location_id, _site_id, created, last_updated
       FROM dcim_cabletermination, generate_series(1, $1::int) AS k WHERE cable_id IN (SELECT id FROM copied_cables)`,
      [interfaceCopies],
    );
    // Every node of a copied path is a copied object: "type:id" becomes "type:id + k × offset".
    const shiftNode = (node) => `split_part(${node}, ':', 1) || ':' || (split_part(${node}, ':', 2)::bigint + k * ${OFFSET})`;
    await client.query(
      `INSERT INTO dcim_cablepath (id, _nodes, is_active, is_split, path, is_complete)
       SELECT ${shift('p.id')},
         ARRAY(SELECT ${shiftNode('node')} FROM unnest(p._nodes) WITH ORDINALITY AS n(node, i) ORDER BY i),
         is_active, is_split,
         (SELECT jsonb_agg((SELECT jsonb_agg(${shiftNode('node')} ORDER BY j) FROM jsonb_array_elements_text(step) WITH ORDINALITY AS e(node, j)) ORDER BY i)
          FROM jsonb_array_elements(p.path) WITH ORDINALITY AS s(step, i)),
         is_complete
       FROM dcim_cablepath p, generate_series(1, $1::int) AS k WHERE p.id IN (SELECT id FROM copied_paths)`,
      [interfaceCopies],
    );
    await client.query(
      `INSERT INTO dcim_interface (created, last_updated, custom_field_data, id, name, label, description, mark_connected,
         enabled, mac_address, mtu, mode, _name, type, mgmt_only, _path_id, cable_id, device_id, lag_id, parent_id,
         untagged_vlan_id, wwn, bridge_id, rf_role, rf_channel, rf_channel_frequency, rf_channel_width, tx_power,
         wireless_link_id, module_id, vrf_id, duplex, speed, poe_mode, poe_type, cable_end)
       SELECT created, last_updated, custom_field_data, ${shift('id')}, name, label, description, mark_connected, enabled,
         CASE WHEN (id + k) % 2 = 0 AND type NOT IN ('virtual', 'lag', 'bridge')
           THEN ('02' || lpad(to_hex(${shift('id')}), 10, '0'))::macaddr ELSE mac_address END, mtu, mode, _name, type, mgmt_only,
         CASE WHEN _path_id IN (SELECT id FROM copied_paths) THEN ${shift('_path_id')} END,
         CASE WHEN cable_id IN (SELECT id FROM copied_cables) THEN ${shift('cable_id')} END,
         ${shift('device_id')}, ${shift('lag_id')}, ${shift('parent_id')}, untagged_vlan_id, wwn, ${shift('bridge_id')},
         rf_role, rf_channel, rf_channel_frequency, rf_channel_width, tx_power, NULL, NULL, vrf_id, duplex, speed, poe_mode,
         poe_type, CASE WHEN cable_id IN (SELECT id FROM copied_cables) THEN cable_end ELSE '' END
       FROM dcim_interface, generate_series(1, $1::int) AS k WHERE id < ${OFFSET}`,
      [interfaceCopies],
    );
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE');
    await client.query(`COMMENT ON DATABASE ${name} IS '${marker}'`);
    return { url, counts: await counts(client), reused: false };
  } finally {
    await client.end();
  }
}

module.exports = { scaledNetbox, databaseUrl };
