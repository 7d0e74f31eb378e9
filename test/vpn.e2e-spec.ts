import { makeDeviceAndMachine } from './helpers/fixtures';
import { pageStatements } from './helpers/queries';
import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const v4 = (plural: string) => `/v4/api/vpn/${plural}/`;
const ROUTES = ['ike-policies', 'ike-proposals', 'ipsec-policies', 'ipsec-profiles', 'ipsec-proposals', 'tunnel-groups', 'tunnels', 'tunnel-terminations'];

/** NetBox 3.7's VPN app as 4.6.8 serves it under /v4/api/vpn/: IKE and IPSec proposals, policies and profiles, tunnels and their terminations. */
describe('VPN tunnels and their crypto on /v4', () => {
  let t: TestApp;
  let tenant: Json;
  let device: Json;
  let vm: Json;
  let n = 0;

  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await createOne(t, '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
    ({ device, vm } = await makeDeviceAndMachine(t, { device: 'fw1', machine: 'vpn-gw' }));
  });
  afterAll(() => t.close());

  const read = async (url: string) => {
    const res = await t.get(url);
    expectStatus(res, 200);
    return res.body;
  };
  const names = async (url: string) => (await read(url)).results.map((o: Json) => o.name);
  const refused = async (res: Promise<{ status: number; body: Json }>) => {
    const answer = await res;
    expect(answer.status).toBe(400);
    return answer.body;
  };
  const count = async (plural: string) => (await read(`${v4(plural)}?limit=1`)).count;
  const iface = () => createOne(t, '/api/dcim/interfaces/', { device: device.id, name: `ge-0/0/${n++}`, type: '1000base-t' });
  const vmIface = () => createOne(t, '/api/virtualization/interfaces/', { virtual_machine: vm.id, name: `eth${n++}` });
  const ikeProposal = (name: string, fields: Json = {}) =>
    createOne(t, v4('ike-proposals'), { name, authentication_method: 'preshared-keys', encryption_algorithm: 'aes-256-cbc', group: 14, ...fields });
  const ipsecProposal = (name: string, fields: Json = {}) => createOne(t, v4('ipsec-proposals'), { name, encryption_algorithm: 'aes-256-gcm', ...fields });

  describe('generations', () => {
    it('are 4.x only: not found below /api/ nor /v3/api/, nor in 3.5 roots and schema', async () => {
      for (const route of ROUTES) {
        expect((await t.get(`/api/vpn/${route}/`)).status).toBe(404);
        expect((await t.get(`/v3/api/vpn/${route}/`)).status).toBe(404);
        expect((await t.get(`/api/vpn/${route}/1/`)).status).toBe(404);
        expect((await read(v4(route))).count).toEqual(expect.any(Number));
      }
      expect((await t.post('/api/vpn/tunnels/', { name: 'x', status: 'active', encapsulation: 'gre' })).status).toBe(404);
      expect((await t.get('/api/vpn/')).status).toBe(404);
      expect((await t.get('/v3/api/vpn/')).status).toBe(404);
      expect((await read('/api/')).vpn).toBeUndefined();
      const paths = Object.keys((await read('/api/schema/?format=json')).paths);
      expect(paths.filter((p) => p.includes('/vpn/') || /tunnel|ike-|ipsec/.test(p))).toEqual([]);
    });

    it('lists the VPN routes beside the L2VPN ones in /v4/api/vpn/, and describes them in the /v4 schema', async () => {
      expect((await read('/v4/api/')).vpn).toMatch(/\/v4\/api\/vpn\/$/);
      const root = await read('/v4/api/vpn/');
      // Sorted by route, as NetBox's router sorts them.
      expect(Object.keys(root)).toEqual([...ROUTES.slice(0, 5), 'l2vpn-terminations', 'l2vpns', 'tunnel-groups', 'tunnel-terminations', 'tunnels']);
      for (const [name, url] of Object.entries(root)) expect(url).toMatch(new RegExp(`/v4/api/vpn/${name}/$`));
      const doc = await read('/v4/api/schema/?format=json');
      for (const route of ROUTES) {
        expect(doc.paths).toHaveProperty([`/v4/api/vpn/${route}/`]);
        expect(doc.paths).toHaveProperty([`/v4/api/vpn/${route}/{id}/`]);
      }
      expect(doc.paths['/v4/api/vpn/tunnels/'].get.operationId).toBe('vpn_tunnels_list');
      const tunnel = doc.components.schemas.Tunnel.properties;
      expect(Object.keys(tunnel)).toEqual(expect.arrayContaining(['name', 'status', 'group', 'encapsulation', 'ipsec_profile', 'tenant', 'tunnel_id', 'terminations_count']));
      expect(doc.components.schemas.IKEPolicy.properties.proposals.items).toEqual({ $ref: '#/components/schemas/NestedIKEProposal' });
      expect(doc.components.schemas.TunnelTermination.properties).toHaveProperty('termination');
      const params = doc.paths['/v4/api/vpn/tunnel-terminations/'].get.parameters.map((p: Json) => p.name);
      expect(params).toEqual(expect.arrayContaining(['tunnel_id', 'tunnel', 'role', 'termination_type', 'interface_id', 'vminterface', 'outside_ip_id']));
    });

    it('names their object types by the vpn app on both generations', async () => {
      const types = await read('/v4/api/core/object-types/?app_label=vpn&limit=100');
      expect(types.results.map((o: Json) => o.model)).toEqual(
        expect.arrayContaining(['ikeproposal', 'ikepolicy', 'ipsecproposal', 'ipsecpolicy', 'ipsecprofile', 'tunnelgroup', 'tunnel', 'tunneltermination']),
      );
      const tunnel = types.results.find((o: Json) => o.model === 'tunnel');
      expect(tunnel).toMatchObject({ display: 'VPN | tunnel', app_name: 'VPN', rest_api_endpoint: '/v4/api/vpn/tunnels/' });
      expect(tunnel.features).toEqual(expect.arrayContaining(['change_logging', 'contacts', 'custom_fields', 'journaling', 'tags']));
      expect((await read('/api/extras/content-types/?app_label=vpn&model=tunnel')).count).toBe(1);
    });
  });

  describe('IKE proposals', () => {
    it("creates, reads (full and brief), changes and deletes one in NetBox 4.6's shape", async () => {
      const res = await t.post(v4('ike-proposals'), {
        name: 'ike-aes256',
        authentication_method: 'certificates',
        encryption_algorithm: 'aes-256-cbc',
        authentication_algorithm: 'hmac-sha256',
        group: 19,
        sa_lifetime: 28800,
        description: 'Strong',
      });
      expectStatus(res, 201);
      const created = res.body;
      expect(Object.keys(created)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'description', 'authentication_method', 'encryption_algorithm', 'authentication_algorithm', 'group',
        'sa_lifetime', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
      ]);
      expect(created).toMatchObject({
        url: expect.stringMatching(new RegExp(`/v4/api/vpn/ike-proposals/${created.id}/$`)),
        display_url: expect.stringMatching(new RegExp(`/v4/vpn/ike-proposals/${created.id}/$`)),
        display: 'ike-aes256',
        authentication_method: { value: 'certificates', label: 'Certificates' },
        encryption_algorithm: { value: 'aes-256-cbc', label: '256-bit AES (CBC)' },
        authentication_algorithm: { value: 'hmac-sha256', label: 'SHA-256 HMAC' },
        group: { value: 19, label: 'Group 19' },
        sa_lifetime: 28800,
        comments: '',
      });
      expect(await read(`${v4('ike-proposals')}${created.id}/?brief=1`)).toEqual({ id: created.id, url: created.url, display: 'ike-aes256', name: 'ike-aes256', description: 'Strong' });
      const changed = await t.patch(`${v4('ike-proposals')}${created.id}/`, { authentication_algorithm: null, group: '20', sa_lifetime: null });
      expectStatus(changed, 200);
      expect(changed.body).toMatchObject({ authentication_algorithm: null, group: { value: 20, label: 'Group 20' }, sa_lifetime: null });
      expectStatus(await t.delete(`${v4('ike-proposals')}${created.id}/`), 204);
      expect((await t.get(`${v4('ike-proposals')}${created.id}/`)).status).toBe(404);
    });

    it('refuses what NetBox refuses, keyed by field, and writes nothing', async () => {
      const before = await count('ike-proposals');
      expect(await refused(t.post(v4('ike-proposals'), { name: 'bad' }))).toEqual({
        authentication_method: ['This field is required.'],
        encryption_algorithm: ['This field is required.'],
        group: ['This field is required.'],
      });
      expect(await refused(t.post(v4('ike-proposals'), { name: 'bad', authentication_method: 'psk', encryption_algorithm: 'aes-256-cbc', group: 3, sa_lifetime: -1 }))).toEqual({
        authentication_method: ['"psk" is not a valid choice.'],
        group: ['"3" is not a valid choice.'],
        sa_lifetime: ['Ensure this value is greater than or equal to 0.'],
      });
      await ikeProposal('taken');
      expect(await refused(t.post(v4('ike-proposals'), { name: 'taken', authentication_method: 'preshared-keys', encryption_algorithm: 'des-cbc', group: 1 }))).toEqual({
        name: ['IKE proposal with this name already exists.'],
      });
      // A bulk write with one bad object writes none of them.
      const bulk = await t.post(v4('ike-proposals'), [
        { name: 'fine', authentication_method: 'preshared-keys', encryption_algorithm: 'des-cbc', group: 1 },
        { name: 'broken', authentication_method: 'preshared-keys', encryption_algorithm: 'rot13', group: 1 },
      ]);
      expectStatus(bulk, 400);
      expect(await count('ike-proposals')).toBe(before + 1);
    });
  });

  describe('IKE policies', () => {
    it('holds its proposals, nested as 4.6 nests them, and keeps IKEv1 and IKEv2 modes apart', async () => {
      const [a, b] = [await ikeProposal('ike-a'), await ikeProposal('ike-b', { description: 'second' })];
      const res = await t.post(v4('ike-policies'), { name: 'policy-v2', version: 2, proposals: [a.id, b.id], preshared_key: 's3cret' });
      expectStatus(res, 201);
      const policy = res.body;
      expect(Object.keys(policy)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'description', 'version', 'mode', 'proposals', 'preshared_key', 'owner', 'comments', 'tags', 'custom_fields', 'created',
        'last_updated',
      ]);
      expect(policy).toMatchObject({ version: { value: 2, label: 'IKEv2' }, mode: null, preshared_key: 's3cret' });
      expect(policy.proposals).toEqual([
        { id: a.id, url: a.url, display: 'ike-a', name: 'ike-a', description: '' },
        { id: b.id, url: b.url, display: 'ike-b', name: 'ike-b', description: 'second' },
      ]);
      expect(await read(`${v4('ike-policies')}${policy.id}/?brief=1`)).toEqual({ id: policy.id, url: policy.url, display: 'policy-v2', name: 'policy-v2', description: '' });

      expect(await refused(t.post(v4('ike-policies'), { name: 'v1-without-mode', version: 1 }))).toEqual({ __all__: ['Mode is required for selected IKE version'] });
      expect(await refused(t.patch(`${v4('ike-policies')}${policy.id}/`, { mode: 'main' }))).toEqual({ __all__: ['Mode cannot be used for selected IKE version'] });
      expect(await refused(t.post(v4('ike-policies'), { name: 'no-version' }))).toEqual({ version: ['This field is required.'] });
      expect(await refused(t.post(v4('ike-policies'), { name: 'v3', version: 3, proposals: [999999] }))).toEqual({
        version: ['"3" is not a valid choice.'],
        proposals: ['Related object not found using the provided numeric ID: 999999'],
      });
      const v1 = await t.patch(`${v4('ike-policies')}${policy.id}/`, { version: 1, mode: 'aggressive', proposals: [b.id] });
      expectStatus(v1, 200);
      expect(v1.body).toMatchObject({ version: { value: 1, label: 'IKEv1' }, mode: { value: 'aggressive', label: 'Aggressive' } });
      expect(v1.body.proposals.map((p: Json) => p.id)).toEqual([b.id]);
      expect((await read(`${v4('ike-policies')}${policy.id}/`)).proposals.map((p: Json) => p.name)).toEqual(['ike-b']);
      expect(await names(`${v4('ike-policies')}?name=v1-without-mode`)).toEqual([]);
    });

    it('filters policies by their proposals and proposals by their policies', async () => {
      const [x, y] = [await ikeProposal('ike-x', { authentication_method: 'rsa-signatures', group: 5 }), await ikeProposal('ike-y', { sa_lifetime: 3600 })];
      const p1 = await createOne(t, v4('ike-policies'), { name: 'pol-1', version: 1, mode: 'main', proposals: [x.id], description: 'legacy peers' });
      await createOne(t, v4('ike-policies'), { name: 'pol-2', version: 2, proposals: [x.id, y.id], preshared_key: 'k2' });
      const policies = (query: string) => names(`${v4('ike-policies')}?name__isw=pol-&${query}`);
      expect(await policies(`ike_proposal_id=${y.id}`)).toEqual(['pol-2']);
      expect(await policies('ike_proposal=ike-x')).toEqual(['pol-1', 'pol-2']);
      expect(await policies('ike_proposal__n=ike-y')).toEqual(['pol-1']);
      expect(await policies('version=1')).toEqual(['pol-1']);
      expect(await policies('mode=main')).toEqual(['pol-1']);
      expect(await policies('preshared_key=k2')).toEqual(['pol-2']);
      expect(await policies('q=legacy')).toEqual(['pol-1']);
      const proposals = (query: string) => names(`${v4('ike-proposals')}?name__isw=ike-&${query}`);
      expect(await proposals(`ike_policy_id=${p1.id}`)).toEqual(['ike-x']);
      expect(await proposals('ike_policy=pol-2')).toEqual(['ike-x', 'ike-y']);
      expect(await proposals('authentication_method=rsa-signatures')).toEqual(['ike-x']);
      expect(await proposals('group=5')).toEqual(['ike-x']);
      expect(await proposals('sa_lifetime__gte=3600')).toEqual(['ike-y']);
      expect(await proposals('encryption_algorithm=aes-256-cbc&group__n=14')).toEqual(['ike-x']);
      expect(await refused(t.get(`${v4('ike-policies')}?ike_proposal_id=999999`))).toEqual({ ike_proposal_id: ['Select a valid choice. 999999 is not one of the available choices.'] });
      expect(await refused(t.get(`${v4('ike-proposals')}?ike_policy=nope`))).toEqual({ ike_policy: ['Select a valid choice. nope is not one of the available choices.'] });
      expect(await refused(t.get(`${v4('ike-proposals')}?group=3`))).toEqual({ group: ['Select a valid choice. 3 is not one of the available choices.'] });
    });
  });

  describe('IPSec proposals, policies and profiles', () => {
    it('creates each in 4.6 shape and requires a proposal to encrypt or authenticate', async () => {
      const proposal = await t.post(v4('ipsec-proposals'), { name: 'esp-gcm', encryption_algorithm: 'aes-128-gcm', sa_lifetime_seconds: 3600, sa_lifetime_data: 100000 });
      expectStatus(proposal, 201);
      expect(Object.keys(proposal.body)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'description', 'encryption_algorithm', 'authentication_algorithm', 'sa_lifetime_seconds', 'sa_lifetime_data',
        'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
      ]);
      expect(proposal.body).toMatchObject({ encryption_algorithm: { value: 'aes-128-gcm', label: '128-bit AES (GCM)' }, authentication_algorithm: null, sa_lifetime_data: 100000 });
      expect(await refused(t.post(v4('ipsec-proposals'), { name: 'nothing' }))).toEqual({ __all__: ['Encryption and/or authentication algorithm must be defined'] });
      expect(await refused(t.patch(`${v4('ipsec-proposals')}${proposal.body.id}/`, { encryption_algorithm: null }))).toEqual({
        __all__: ['Encryption and/or authentication algorithm must be defined'],
      });
      expect((await read(`${v4('ipsec-proposals')}${proposal.body.id}/`)).encryption_algorithm.value).toBe('aes-128-gcm');

      const policy = await t.post(v4('ipsec-policies'), { name: 'ipsec-pfs', proposals: [proposal.body.id], pfs_group: 14 });
      expectStatus(policy, 201);
      expect(Object.keys(policy.body)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'description', 'proposals', 'pfs_group', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
      ]);
      expect(policy.body).toMatchObject({ pfs_group: { value: 14, label: 'Group 14' }, proposals: [{ id: proposal.body.id, name: 'esp-gcm', description: '' }] });
      expect(await refused(t.post(v4('ipsec-policies'), { name: 'bad-pfs', pfs_group: 4 }))).toEqual({ pfs_group: ['"4" is not a valid choice.'] });

      const ike = await createOne(t, v4('ike-policies'), { name: 'ike-for-profile', version: 2 });
      const profile = await t.post(v4('ipsec-profiles'), { name: 'site-to-site', mode: 'esp', ike_policy: ike.id, ipsec_policy: { name: 'ipsec-pfs' } });
      expectStatus(profile, 201);
      expect(Object.keys(profile.body)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'description', 'mode', 'ike_policy', 'ipsec_policy', 'owner', 'comments', 'tags', 'custom_fields', 'created',
        'last_updated',
      ]);
      expect(profile.body).toMatchObject({
        mode: { value: 'esp', label: 'ESP' },
        ike_policy: { id: ike.id, url: ike.url, display: 'ike-for-profile', name: 'ike-for-profile', description: '' },
        ipsec_policy: { id: policy.body.id, display: 'ipsec-pfs', name: 'ipsec-pfs', description: '' },
      });
      expect(await read(`${v4('ipsec-profiles')}${profile.body.id}/?brief=1`)).toEqual({
        id: profile.body.id, url: profile.body.url, display: 'site-to-site', name: 'site-to-site', description: '',
      });
      expect(await refused(t.post(v4('ipsec-profiles'), { name: 'half', mode: 'gre', ike_policy: 999999 }))).toEqual({
        mode: ['"gre" is not a valid choice.'],
        ike_policy: ['Related object not found using the provided numeric ID: 999999'],
        ipsec_policy: ['This field is required.'],
      });
      // Policies in use by a profile are protected; deleting the profile frees them.
      const inUse = await t.delete(`${v4('ike-policies')}${ike.id}/`);
      expect(inUse.status).toBe(409);
      expect(inUse.body.detail).toBe(`Unable to delete object. 1 dependent objects were found: site-to-site (${profile.body.id})`);
      expectStatus(await t.delete(`${v4('ipsec-profiles')}${profile.body.id}/`), 204);
      expectStatus(await t.delete(`${v4('ike-policies')}${ike.id}/`), 204);
      // A proposal's deletion takes it out of the policies that held it.
      expectStatus(await t.delete(`${v4('ipsec-proposals')}${proposal.body.id}/`), 204);
      expect((await read(`${v4('ipsec-policies')}${policy.body.id}/`)).proposals).toEqual([]);
    });

    it('filters them as 4.6 does', async () => {
      const [gcm, sha] = [await ipsecProposal('f-gcm', { sa_lifetime_seconds: 7200 }), await ipsecProposal('f-sha', { encryption_algorithm: null, authentication_algorithm: 'hmac-sha512', sa_lifetime_data: 5 })];
      const strong = await createOne(t, v4('ipsec-policies'), { name: 'f-strong', proposals: [gcm.id, sha.id], pfs_group: 21 });
      await createOne(t, v4('ipsec-policies'), { name: 'f-weak', proposals: [sha.id] });
      const ike = await createOne(t, v4('ike-policies'), { name: 'f-ike', version: 2 });
      await createOne(t, v4('ipsec-profiles'), { name: 'f-esp', mode: 'esp', ike_policy: ike.id, ipsec_policy: strong.id, description: 'core mesh' });
      const proposals = (query: string) => names(`${v4('ipsec-proposals')}?name__isw=f-&${query}`);
      expect(await proposals(`ipsec_policy_id=${strong.id}`)).toEqual(['f-gcm', 'f-sha']);
      expect(await proposals('ipsec_policy=f-weak')).toEqual(['f-sha']);
      expect(await proposals('authentication_algorithm=hmac-sha512')).toEqual(['f-sha']);
      expect(await proposals('encryption_algorithm=aes-256-gcm')).toEqual(['f-gcm']);
      expect(await proposals('sa_lifetime_seconds=7200')).toEqual(['f-gcm']);
      expect(await proposals('sa_lifetime_data__lt=10')).toEqual(['f-sha']);
      const policies = (query: string) => names(`${v4('ipsec-policies')}?name__isw=f-&${query}`);
      expect(await policies(`ipsec_proposal_id=${gcm.id}`)).toEqual(['f-strong']);
      expect(await policies('ipsec_proposal=f-sha')).toEqual(['f-strong', 'f-weak']);
      expect(await policies('pfs_group=21')).toEqual(['f-strong']);
      const profiles = (query: string) => names(`${v4('ipsec-profiles')}?name__isw=f-&${query}`);
      expect(await profiles('ike_policy=f-ike')).toEqual(['f-esp']);
      expect(await profiles(`ipsec_policy_id=${strong.id}&mode=esp`)).toEqual(['f-esp']);
      expect(await profiles('mode=ah')).toEqual([]);
      expect(await profiles('q=mesh')).toEqual(['f-esp']);
      expect(await refused(t.get(`${v4('ipsec-profiles')}?ipsec_policy=none-such`))).toEqual({ ipsec_policy: ['Select a valid choice. none-such is not one of the available choices.'] });
    });
  });

  describe('tunnel groups and tunnels', () => {
    it('creates, reads, changes and deletes them, counting a group\'s tunnels and a tunnel\'s terminations', async () => {
      const group = await t.post(v4('tunnel-groups'), { name: 'DMVPN hubs', slug: 'dmvpn-hubs', description: 'mesh' });
      expectStatus(group, 201);
      expect(Object.keys(group.body)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'slug', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'tunnel_count',
      ]);
      expect(group.body).toMatchObject({ display: 'DMVPN hubs', tunnel_count: 0 });
      const ike = await createOne(t, v4('ike-policies'), { name: 'tun-ike', version: 2 });
      const ipsec = await createOne(t, v4('ipsec-policies'), { name: 'tun-ipsec' });
      const profile = await createOne(t, v4('ipsec-profiles'), { name: 'tun-profile', mode: 'ah', ike_policy: ike.id, ipsec_policy: ipsec.id });
      const res = await t.post(v4('tunnels'), {
        name: 'hub-1',
        status: 'planned',
        group: group.body.id,
        encapsulation: 'ipsec-tunnel',
        ipsec_profile: profile.id,
        tenant: tenant.id,
        tunnel_id: 4_000_000_000,
        description: 'first hub',
      });
      expectStatus(res, 201);
      const tunnel = res.body;
      expect(Object.keys(tunnel)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'status', 'group', 'encapsulation', 'ipsec_profile', 'tenant', 'tunnel_id', 'description', 'owner', 'comments', 'tags',
        'custom_fields', 'created', 'last_updated', 'terminations_count',
      ]);
      expect(tunnel).toMatchObject({
        display: 'hub-1',
        status: { value: 'planned', label: 'Planned' },
        // Nested, a group has no count: NetBox's nested serializer leaves out what the list annotates.
        group: { id: group.body.id, url: group.body.url, display: 'DMVPN hubs', name: 'DMVPN hubs', slug: 'dmvpn-hubs', description: 'mesh' },
        encapsulation: { value: 'ipsec-tunnel', label: 'IPsec - Tunnel' },
        ipsec_profile: { id: profile.id, display: 'tun-profile', name: 'tun-profile', description: '' },
        tenant: { id: tenant.id, name: 'Acme', slug: 'acme' },
        tunnel_id: 4_000_000_000,
        terminations_count: 0,
      });
      expect(tunnel.group).not.toHaveProperty('tunnel_count');
      expect(await read(`${v4('tunnels')}${tunnel.id}/?brief=1`)).toEqual({ id: tunnel.id, url: tunnel.url, display: 'hub-1', name: 'hub-1', description: 'first hub' });
      expect((await read(`${v4('tunnel-groups')}${group.body.id}/?brief=1`))).toEqual({
        id: group.body.id, url: group.body.url, display: 'DMVPN hubs', name: 'DMVPN hubs', slug: 'dmvpn-hubs', description: 'mesh', tunnel_count: 1,
      });
      const changed = await t.patch(`${v4('tunnels')}${tunnel.id}/`, { status: 'active', group: null, ipsec_profile: null, encapsulation: 'gre' });
      expectStatus(changed, 200);
      expect(changed.body).toMatchObject({ status: { value: 'active' }, group: null, ipsec_profile: null, encapsulation: { value: 'gre', label: 'GRE' } });
      expect((await read(`${v4('tunnel-groups')}${group.body.id}/`)).tunnel_count).toBe(0);
      expectStatus(await t.delete(`${v4('tunnels')}${tunnel.id}/`), 204);
      expectStatus(await t.delete(`${v4('tunnel-groups')}${group.body.id}/`), 204);
    });

    it('asks for what 4.6\'s serializer asks for, refuses bad values by field, and writes nothing', async () => {
      const before = await count('tunnels');
      expect(await refused(t.post(v4('tunnels'), { name: 'bare' }))).toEqual({ status: ['This field is required.'], encapsulation: ['This field is required.'] });
      expect(await refused(t.post(v4('tunnels'), { name: 'odd', status: 'up', encapsulation: 'ipsec', tunnel_id: -1, group: 999999, tenant: { slug: 'nobody' } }))).toEqual({
        status: ['"up" is not a valid choice.'],
        encapsulation: ['"ipsec" is not a valid choice.'],
        tunnel_id: ['Ensure this value is greater than or equal to 0.'],
        group: ['Related object not found using the provided numeric ID: 999999'],
        tenant: ["Related object not found using the provided attributes: {'slug': 'nobody'}"],
      });
      await createOne(t, v4('tunnels'), { name: 'unique', status: 'active', encapsulation: 'gre' });
      expect(await refused(t.post(v4('tunnels'), { name: 'unique', status: 'active', encapsulation: 'gre' }))).toEqual({ name: ['tunnel with this name already exists.'] });
      expect(await refused(t.post(v4('tunnel-groups'), { name: 'No slug' }))).toEqual({ slug: ['This field is required.'] });
      expect(await count('tunnels')).toBe(before + 1);
      // A group that holds tunnels is protected.
      const group = await createOne(t, v4('tunnel-groups'), { name: 'Held', slug: 'held' });
      const held = await createOne(t, v4('tunnels'), { name: 'held-1', status: 'active', encapsulation: 'gre', group: group.id });
      const inUse = await t.delete(`${v4('tunnel-groups')}${group.id}/`);
      expect(inUse.status).toBe(409);
      expect(inUse.body.detail).toBe(`Unable to delete object. 1 dependent objects were found: held-1 (${held.id})`);
    });

    it('filters tunnels and groups as 4.6 does', async () => {
      const [spokes, core] = [await createOne(t, v4('tunnel-groups'), { name: 'Spokes', slug: 'spokes' }), await createOne(t, v4('tunnel-groups'), { name: 'Core', slug: 'core', description: 'backbone' })];
      const ike = await createOne(t, v4('ike-policies'), { name: 'flt-ike', version: 2 });
      const ipsec = await createOne(t, v4('ipsec-policies'), { name: 'flt-ipsec' });
      const profile = await createOne(t, v4('ipsec-profiles'), { name: 'flt-profile', mode: 'esp', ike_policy: ike.id, ipsec_policy: ipsec.id });
      const group = await createOne(t, '/api/tenancy/tenant-groups/', { name: 'Customers', slug: 'customers' });
      const customer = await createOne(t, '/api/tenancy/tenants/', { name: 'Globex', slug: 'globex', group: group.id });
      await createOne(t, v4('tunnels'), { name: 'flt-a', status: 'active', encapsulation: 'wireguard', group: spokes.id, tunnel_id: 10 });
      await createOne(t, v4('tunnels'), { name: 'flt-b', status: 'planned', encapsulation: 'ipsec-transport', group: core.id, ipsec_profile: profile.id, tenant: customer.id, comments: 'leased line' });
      await createOne(t, v4('tunnels'), { name: 'flt-c', status: 'disabled', encapsulation: 'gre', tunnel_id: 20 });
      const tunnels = (query: string) => names(`${v4('tunnels')}?name__isw=flt-&${query}`);
      expect(await tunnels('status=active&status=disabled')).toEqual(['flt-a', 'flt-c']);
      expect(await tunnels('status__n=active')).toEqual(['flt-b', 'flt-c']);
      expect(await tunnels('group=spokes')).toEqual(['flt-a']);
      expect(await tunnels(`group_id=${core.id}`)).toEqual(['flt-b']);
      expect(await tunnels('group_id=null')).toEqual(['flt-c']);
      expect(await tunnels('encapsulation=gre')).toEqual(['flt-c']);
      expect(await tunnels('ipsec_profile=flt-profile')).toEqual(['flt-b']);
      expect(await tunnels(`ipsec_profile_id=${profile.id}`)).toEqual(['flt-b']);
      expect(await tunnels('tenant=globex')).toEqual(['flt-b']);
      expect(await tunnels(`tenant_group_id=${group.id}`)).toEqual(['flt-b']);
      expect(await tunnels('tenant_group=customers')).toEqual(['flt-b']);
      expect(await tunnels('tunnel_id__gte=15')).toEqual(['flt-c']);
      expect(await tunnels('q=leased')).toEqual(['flt-b']);
      expect(await refused(t.get(`${v4('tunnels')}?status=up`))).toEqual({ status: ['Select a valid choice. up is not one of the available choices.'] });
      expect(await refused(t.get(`${v4('tunnels')}?group=nowhere`))).toEqual({ group: ['Select a valid choice. nowhere is not one of the available choices.'] });
      const groups = (query: string) => names(`${v4('tunnel-groups')}?${query}`);
      expect(await groups('slug=spokes')).toEqual(['Spokes']);
      expect(await groups('q=backbone')).toEqual(['Core']);
      expect(await groups('name__ic=ore')).toEqual(['Core']);
    });

    it('takes contacts, tags, custom fields and journal entries, and keeps change records', async () => {
      const role = await createOne(t, '/api/tenancy/contact-roles/', { name: 'NOC', slug: 'noc' });
      const alice = await createOne(t, '/api/tenancy/contacts/', { name: 'Alice' });
      const gold = await createOne(t, '/api/extras/tags/', { name: 'Gold', slug: 'gold' });
      const field = await t.post('/v4/api/extras/custom-fields/', { name: 'circuit_ref', type: 'text', object_types: ['vpn.tunnel', 'vpn.tunneltermination'] });
      expectStatus(field, 201);
      const res = await t.post(v4('tunnels'), { name: 'featured', status: 'active', encapsulation: 'openvpn', tags: [{ slug: 'gold' }], custom_fields: { circuit_ref: 'C-1' } });
      expectStatus(res, 201);
      const tunnel = res.body;
      expect(tunnel.tags).toEqual([expect.objectContaining({ id: gold.id, slug: 'gold' })]);
      expect(tunnel.custom_fields).toEqual({ circuit_ref: 'C-1' });
      expect(await names(`${v4('tunnels')}?tag=gold`)).toEqual(['featured']);
      expect(await names(`${v4('tunnels')}?cf_circuit_ref=C-1`)).toEqual(['featured']);
      const assignment = await t.post('/v4/api/tenancy/contact-assignments/', { object_type: 'vpn.tunnel', object_id: tunnel.id, contact: alice.id, role: role.id });
      expectStatus(assignment, 201);
      expect(await names(`${v4('tunnels')}?contact=${alice.id}`)).toEqual(['featured']);
      expect(await names(`${v4('tunnels')}?contact_role=${role.id}&name=featured`)).toEqual(['featured']);
      const entry = await t.post('/v4/api/extras/journal-entries/', { assigned_object_type: 'vpn.tunnel', assigned_object_id: tunnel.id, comments: 'Keys rotated' });
      expectStatus(entry, 201);
      expect(entry.body.assigned_object).toMatchObject({ id: tunnel.id, name: 'featured' });
      expectStatus(await t.patch(`${v4('tunnels')}${tunnel.id}/`, { description: 'renamed', changelog_message: 'ticket 42' }), 200);
      const changes = await read(`/v4/api/core/object-changes/?changed_object_type=vpn.tunnel&changed_object_id=${tunnel.id}&ordering=time`);
      expect(changes.results.map((c: Json) => [c.action.value, c.object_repr])).toEqual([
        ['create', 'featured'],
        ['update', 'featured'],
      ]);
      expect(changes.results[1]).toMatchObject({ message: 'ticket 42', prechange_data: { description: '' }, postchange_data: { description: 'renamed', status: 'active' } });
    });
  });

  describe('tunnel terminations', () => {
    let hub: Json;
    let spoke: Json;

    beforeAll(async () => {
      hub = await createOne(t, v4('tunnels'), { name: 'term-hub', status: 'active', encapsulation: 'gre' });
      spoke = await createOne(t, v4('tunnels'), { name: 'term-spoke', status: 'active', encapsulation: 'gre' });
    });

    it("terminates a tunnel at an interface, with its role and outside address, in 4.6's shape", async () => {
      const eth = await iface();
      const ip = await createOne(t, '/api/ipam/ip-addresses/', { address: '192.0.2.1/24', assigned_object_type: 'dcim.interface', assigned_object_id: eth.id });
      const res = await t.post(v4('tunnel-terminations'), { tunnel: hub.id, role: 'hub', termination_type: 'dcim.interface', termination_id: eth.id, outside_ip: ip.id });
      expectStatus(res, 201);
      const term = res.body;
      expect(Object.keys(term)).toEqual([
        'id', 'url', 'display_url', 'display', 'tunnel', 'role', 'termination_type', 'termination_id', 'termination', 'outside_ip', 'tags', 'custom_fields', 'created',
        'last_updated',
      ]);
      expect(term).toMatchObject({
        url: expect.stringMatching(new RegExp(`/v4/api/vpn/tunnel-terminations/${term.id}/$`)),
        display: `term-hub: Termination ${term.id}`,
        tunnel: { id: hub.id, url: hub.url, display: 'term-hub', name: 'term-hub', description: '' },
        role: { value: 'hub', label: 'Hub' },
        termination_type: 'dcim.interface',
        termination_id: eth.id,
        termination: { id: eth.id, name: eth.name, device: expect.objectContaining({ id: device.id, name: 'fw1' }) },
        outside_ip: { id: ip.id, url: ip.url.replace('/api/', '/v4/api/'), display: '192.0.2.1/24', address: '192.0.2.1/24', description: '' },
      });
      expect(await read(`${v4('tunnel-terminations')}${term.id}/?brief=1`)).toEqual({ id: term.id, url: term.url, display: `term-hub: Termination ${term.id}` });
      expect((await read(`${v4('tunnels')}${hub.id}/`)).terminations_count).toBe(1);

      const moved = await t.patch(`${v4('tunnel-terminations')}${term.id}/`, { tunnel: spoke.id, role: 'spoke', outside_ip: null });
      expectStatus(moved, 200);
      expect(moved.body).toMatchObject({ display: `term-spoke: Termination ${term.id}`, role: { value: 'spoke' }, outside_ip: null, termination_id: eth.id });
      const changes = await read(`/v4/api/core/object-changes/?changed_object_type=vpn.tunneltermination&changed_object_id=${term.id}&ordering=time`);
      expect(changes.results.map((c: Json) => [c.action.value, c.object_repr])).toEqual([
        ['create', `term-hub: Termination ${term.id}`],
        ['update', `term-spoke: Termination ${term.id}`],
      ]);
      // Each change names the tunnel the termination belonged to then as its related object.
      const related = async (tunnel: Json) =>
        (await read(`/v4/api/core/object-changes/?changed_object_type=vpn.tunneltermination&related_object_type=vpn.tunnel&related_object_id=${tunnel.id}`)).results.map(
          (c: Json) => c.action.value,
        );
      expect(await related(hub)).toEqual(['create']);
      expect(await related(spoke)).toEqual(['update']);
      expectStatus(await t.delete(`${v4('tunnel-terminations')}${term.id}/`), 204);
      expect((await read(`${v4('tunnels')}${spoke.id}/`)).terminations_count).toBe(0);
    });

    it('terminates at a virtual machine interface too, and nowhere else', async () => {
      const eth = await vmIface();
      const term = await createOne(t, v4('tunnel-terminations'), { tunnel: spoke.id, role: 'peer', termination_type: 'virtualization.vminterface', termination_id: eth.id });
      expect(term.termination).toMatchObject({ id: eth.id, name: eth.name, virtual_machine: expect.objectContaining({ id: vm.id, name: 'vpn-gw' }) });
      const before = await count('tunnel-terminations');
      expect(await refused(t.post(v4('tunnel-terminations'), { tunnel: spoke.id, role: 'peer', termination_type: 'dcim.site', termination_id: device.site.id }))).toEqual({
        termination_type: ['Invalid content type: dcim.site'],
      });
      expect(await count('tunnel-terminations')).toBe(before);
    });

    it('refuses an interface that already terminates a tunnel, and what 4.6 refuses, writing nothing', async () => {
      const eth = await iface();
      const first = await createOne(t, v4('tunnel-terminations'), { tunnel: hub.id, role: 'hub', termination_type: 'dcim.interface', termination_id: eth.id });
      const before = await count('tunnel-terminations');
      expect(await refused(t.post(v4('tunnel-terminations'), { tunnel: spoke.id, role: 'spoke', termination_type: 'dcim.interface', termination_id: eth.id }))).toEqual({
        termination: [`${eth.name} is already attached to a tunnel (term-hub).`],
        __all__: ['An object may be terminated to only one tunnel at a time.'],
      });
      const other = await iface();
      const second = await createOne(t, v4('tunnel-terminations'), { tunnel: spoke.id, role: 'spoke', termination_type: 'dcim.interface', termination_id: other.id });
      expect(await refused(t.patch(`${v4('tunnel-terminations')}${second.id}/`, { termination_id: eth.id }))).toEqual({
        termination: [`${eth.name} is already attached to a tunnel (term-hub).`],
        __all__: ['An object may be terminated to only one tunnel at a time.'],
      });
      expect((await read(`${v4('tunnel-terminations')}${second.id}/`)).termination_id).toBe(other.id);
      // Saving one again where it is is no conflict with itself.
      expectStatus(await t.patch(`${v4('tunnel-terminations')}${first.id}/`, { termination_id: eth.id, role: 'peer' }), 200);

      expect(await refused(t.post(v4('tunnel-terminations'), { termination_type: 'dcim.interface' }))).toEqual({ tunnel: ['This field is required.'], role: ['This field is required.'] });
      expect(await refused(t.post(v4('tunnel-terminations'), { tunnel: hub.id, role: 'leaf', termination_type: 'dcim.interface', termination_id: -2 }))).toEqual({
        role: ['"leaf" is not a valid choice.'],
        termination_id: ['Ensure this value is greater than or equal to 0.'],
      });
      expect(await refused(t.post(v4('tunnel-terminations'), { tunnel: hub.id, role: 'hub', termination_type: 'dcim.interface' }))).toEqual({ termination_id: ['This field cannot be null.'] });
      expect(await refused(t.post(v4('tunnel-terminations'), { tunnel: hub.id, role: 'hub', termination_type: 'dcim.interface', termination_id: 999999 }))).toEqual({
        non_field_errors: ['Invalid termination: dcim.interface ID 999999'],
      });
      expect(await refused(t.post(v4('tunnel-terminations'), { tunnel: hub.id, role: 'hub', termination_type: 'dcim.interface', termination_id: other.id, outside_ip: 999999 }))).toEqual({
        outside_ip: ['Related object not found using the provided numeric ID: 999999'],
      });
      expect(await count('tunnel-terminations')).toBe(before + 1);
    });

    it('goes with its tunnel or its interface, and protects its outside address', async () => {
      const doomed = await createOne(t, v4('tunnels'), { name: 'doomed', status: 'active', encapsulation: 'gre' });
      const [a, b] = [await iface(), await vmIface()];
      const ip = await createOne(t, '/api/ipam/ip-addresses/', { address: '198.51.100.7/32' });
      const onA = await createOne(t, v4('tunnel-terminations'), { tunnel: doomed.id, role: 'peer', termination_type: 'dcim.interface', termination_id: a.id, outside_ip: ip.id });
      const onB = await createOne(t, v4('tunnel-terminations'), { tunnel: doomed.id, role: 'peer', termination_type: 'virtualization.vminterface', termination_id: b.id });
      expect((await read(`${v4('tunnels')}${doomed.id}/`)).terminations_count).toBe(2);
      const protectedIp = await t.delete(`/v4/api/ipam/ip-addresses/${ip.id}/`);
      expect(protectedIp.status).toBe(409);
      expectStatus(await t.delete(`/api/virtualization/interfaces/${b.id}/`), 204);
      expect((await t.get(`${v4('tunnel-terminations')}${onB.id}/`)).status).toBe(404);
      expect((await read(`${v4('tunnels')}${doomed.id}/`)).terminations_count).toBe(1);
      expectStatus(await t.delete(`${v4('tunnels')}${doomed.id}/`), 204);
      expect((await t.get(`${v4('tunnel-terminations')}${onA.id}/`)).status).toBe(404);
      const gone = await read(`/v4/api/core/object-changes/?changed_object_type=vpn.tunneltermination&changed_object_id=${onA.id}&action=delete`);
      expect(gone.count).toBe(1);
      expectStatus(await t.delete(`/v4/api/ipam/ip-addresses/${ip.id}/`), 204);
    });

    it('filters as 4.6 does', async () => {
      const filtered = await createOne(t, v4('tunnels'), { name: 'filtered', status: 'active', encapsulation: 'gre' });
      const [a, b, c] = [await iface(), await iface(), await vmIface()];
      const ip = await createOne(t, '/api/ipam/ip-addresses/', { address: '203.0.113.9/32' });
      const ta = await createOne(t, v4('tunnel-terminations'), { tunnel: filtered.id, role: 'hub', termination_type: 'dcim.interface', termination_id: a.id, outside_ip: ip.id });
      const tb = await createOne(t, v4('tunnel-terminations'), { tunnel: filtered.id, role: 'spoke', termination_type: 'dcim.interface', termination_id: b.id });
      const tc = await createOne(t, v4('tunnel-terminations'), { tunnel: filtered.id, role: 'spoke', termination_type: 'virtualization.vminterface', termination_id: c.id });
      const ids = async (query: string) => (await read(`${v4('tunnel-terminations')}?tunnel_id=${filtered.id}&${query}`)).results.map((r: Json) => r.id);
      // Ordered by tunnel, then role, then id.
      expect(await ids('')).toEqual([ta.id, tb.id, tc.id]);
      expect(await ids('tunnel=filtered&role=spoke')).toEqual([tb.id, tc.id]);
      expect(await ids('role__n=spoke')).toEqual([ta.id]);
      expect(await ids('termination_type=virtualization.vminterface')).toEqual([tc.id]);
      expect(await ids('termination_type=dcim.interface&termination_type=virtualization.vminterface')).toEqual([ta.id, tb.id, tc.id]);
      expect(await ids(`termination_id=${b.id}&termination_type=dcim.interface`)).toEqual([tb.id]);
      expect(await ids(`interface_id=${a.id}`)).toEqual([ta.id]);
      expect(await ids(`interface=${b.name}`)).toEqual([tb.id]);
      expect(await ids(`interface_id__n=${a.id}`)).toEqual([tb.id, tc.id]);
      expect(await ids(`vminterface_id=${c.id}`)).toEqual([tc.id]);
      expect(await ids(`vminterface=${c.name}`)).toEqual([tc.id]);
      expect(await ids(`outside_ip_id=${ip.id}`)).toEqual([ta.id]);
      expect(await ids('q=anything')).toEqual([ta.id, tb.id, tc.id]);
      expect(await refused(t.get(`${v4('tunnel-terminations')}?tunnel=nope`))).toEqual({ tunnel: ['Select a valid choice. nope is not one of the available choices.'] });
      expect(await refused(t.get(`${v4('tunnel-terminations')}?interface_id=999999`))).toEqual({ interface_id: ['Select a valid choice. 999999 is not one of the available choices.'] });
      expect(await refused(t.get(`${v4('tunnel-terminations')}?role=leaf`))).toEqual({ role: ['Select a valid choice. leaf is not one of the available choices.'] });
    });

    it('costs a fixed number of statements per page, whatever it holds', async () => {
      for (let k = 0; k < 6; k++) {
        const tunnel = await createOne(t, v4('tunnels'), { name: `paged-${k}`, status: 'active', encapsulation: 'gre', tenant: tenant.id });
        const ip = await createOne(t, '/api/ipam/ip-addresses/', { address: `100.64.0.${k + 1}/32` });
        await createOne(t, v4('tunnel-terminations'), { tunnel: tunnel.id, role: 'peer', termination_type: 'dcim.interface', termination_id: (await iface()).id, outside_ip: ip.id });
        await createOne(t, v4('tunnel-terminations'), { tunnel: tunnel.id, role: 'hub', termination_type: 'virtualization.vminterface', termination_id: (await vmIface()).id });
      }
      for (const url of [`${v4('tunnel-terminations')}?tunnel=paged-0&tunnel=paged-1&tunnel=paged-2&tunnel=paged-3&tunnel=paged-4&tunnel=paged-5`, `${v4('tunnels')}?name__isw=paged-`]) {
        const two = await pageStatements(t, () => t.get(`${url}&limit=2`));
        const twelve = await pageStatements(t, async () => expect((await read(`${url}&limit=12`)).results.length).toBeGreaterThanOrEqual(6));
        expect(twelve).toBe(two);
      }
    });
  });
});
