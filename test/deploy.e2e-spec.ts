import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as yaml from 'js-yaml';
import * as os from 'os';
import * as path from 'path';
import { scratchDatabase } from './helpers/scratch-database';
import { buildIfNeeded, exited, startServiceProcess } from './helpers/service-process';

jest.setTimeout(300_000);

const DIR = path.resolve(__dirname, '..', 'deploy', 'kubernetes');
const VALIDATOR = path.resolve(__dirname, '..', 'scripts', 'validate-manifests.mjs');
const validate = (dir: string) => spawnSync(process.execPath, [VALIDATOR, dir], { encoding: 'utf8' });

type Manifest = Record<string, any>;

function manifests(): Array<{ file: string; doc: Manifest }> {
  return fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
    .flatMap((file) => (yaml.loadAll(fs.readFileSync(path.join(DIR, file), 'utf8')) as Manifest[]).map((doc) => ({ file, doc })));
}

/** The one manifest of a kind (of that name, when there are several). */
function byKind(kind: string, name?: string): Manifest {
  const found = manifests().filter((m) => m.doc.kind === kind && (name === undefined || m.doc.metadata.name === name));
  if (found.length !== 1) throw new Error(`${found.length} manifests of kind ${kind}${name ? ` named ${name}` : ''}`);
  return found[0].doc;
}

const apiDeployment = () => byKind('Deployment', 'inventory');
const workerDeployment = () => byKind('Deployment', 'inventory-worker');

/** The environment a container gets: its ConfigMaps' and Secrets' keys in envFrom order, then its own `env`. */
function environment(container: Manifest): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, byKind('ConfigMap', from.configMapRef.name).data);
    if (from.secretRef) Object.assign(env, byKind('Secret', from.secretRef.name).stringData);
  }
  for (const variable of container.env ?? []) env[variable.name] = variable.value;
  return env;
}

/** Whether a selector's labels pick pods with these labels. */
const selects = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels[k] === v);

describe('Kubernetes manifests', () => {
  it('are valid against the Kubernetes schemas', () => {
    expect(manifests().map((m) => m.doc.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'Deployment', 'Job', 'PersistentVolumeClaim', 'PodDisruptionBudget', 'Secret', 'Service']);
    const result = validate(DIR);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('8 manifests valid');
    expect(result.status).toBe(0);
  });

  it('would be refused by the validator if they broke the schemas', () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'manifests-'));
    try {
      const deployment = apiDeployment();
      delete deployment.spec.selector;
      deployment.spec.replicas = 'three';
      fs.writeFileSync(path.join(broken, 'deployment.yaml'), yaml.dump(deployment));
      const result = validate(broken);
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe('deployment.yaml: Deployment inventory is invalid: data/spec must have required property selector, data/spec/replicas must be integer');
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });

  it('are all listed by the kustomization', () => {
    const kustomization = yaml.load(fs.readFileSync(path.join(DIR, 'kustomization.yaml'), 'utf8')) as Manifest;
    const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
  });

  it('run several probed replicas and a migration Job from the same image, configuration and secrets', () => {
    const deployment = apiDeployment();
    const job = byKind('Job');
    const config = byKind('ConfigMap');
    const secret = byKind('Secret');
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    const api = deployment.spec.template.spec.containers[0];
    const migrate = job.spec.template.spec.containers[0];
    expect(migrate.image).toBe(api.image);
    expect(migrate.command).toEqual(['node', 'dist/src/migrate.js']);
    expect(api.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    for (const probe of ['startupProbe', 'readinessProbe']) expect(api[probe].httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(api.ports).toEqual([
      { name: 'http', containerPort: Number(config.data.PORT) },
      { name: 'metrics', containerPort: Number(config.data.METRICS_PORT) },
    ]);
    expect(config.data.METRICS_ENABLED).toBe('true');
    expect(deployment.spec.template.metadata.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': config.data.METRICS_PORT,
      'prometheus.io/path': '/metrics',
    });
    for (const container of [api, migrate]) {
      expect(container.envFrom).toEqual([{ configMapRef: { name: config.metadata.name } }, { secretRef: { name: secret.metadata.name } }]);
      expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    }
    for (const pod of [deployment.spec.template.spec, job.spec.template.spec]) expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(Object.keys(secret.stringData)).toEqual(expect.arrayContaining(['DATABASE_URL', 'SUPERUSER_API_TOKEN']));
    expect(secret.stringData.DATABASE_URL).toMatch(/^postgres:\/\//);
  });

  it('run background-job workers from the API’s image, configuration and secrets, on Redis, probed on their health port', () => {
    const deployment = workerDeployment();
    const api = apiDeployment().spec.template.spec.containers[0];
    const pod = deployment.spec.template.spec;
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(pod.containers).toHaveLength(1);
    const worker = pod.containers[0];
    expect(worker.image).toBe(api.image);
    expect(worker.command).toEqual(['node', 'dist/src/worker.js']);
    expect(worker.args).toBeUndefined();

    // The same settings as the API, and a Redis to consume: a worker exits without REDIS_URL.
    expect(worker.envFrom).toEqual(api.envFrom);
    const env = environment(worker);
    expect(env).toEqual(environment(api));
    expect(env.REDIS_URL).toMatch(/^rediss?:\/\/\S+/);
    expect(Object.keys(byKind('Secret').stringData)).toContain('REDIS_URL');

    // On WORKER_HEALTH_PORT (8001 unless set): /healthz while the process runs, /readyz while Redis answers.
    const healthPort = Number(env.WORKER_HEALTH_PORT ?? 8001);
    expect(worker.ports).toEqual([{ name: 'health', containerPort: healthPort }]);
    for (const probe of ['startupProbe', 'livenessProbe']) expect(worker[probe].httpGet).toEqual({ path: '/healthz', port: 'health' });
    expect(worker.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'health' });

    // Time for a running job to finish after SIGTERM, and the API's hardening.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(60);
    expect(pod.securityContext).toEqual(apiDeployment().spec.template.spec.securityContext);
    expect(worker.securityContext).toEqual(api.securityContext);
    expect(worker.volumeMounts).toEqual(api.volumeMounts);
    expect(pod.volumes).toEqual(apiDeployment().spec.template.spec.volumes);
    expect(worker.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(worker.resources.limits).toEqual({ memory: expect.any(String) });
  });

  it('keep uploaded files at MEDIA_ROOT on one volume that every replica and worker writes', () => {
    const claim = byKind('PersistentVolumeClaim');
    // Replicas on several nodes share the files.
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);
    expect(claim.spec.resources.requests.storage).toEqual(expect.any(String));
    const mediaRoot = byKind('ConfigMap').data.MEDIA_ROOT;
    expect(mediaRoot).toMatch(/^\//);
    for (const deployment of [apiDeployment(), workerDeployment()]) {
      const pod = deployment.spec.template.spec;
      const volume = pod.volumes.find((v: Manifest) => v.persistentVolumeClaim?.claimName === claim.metadata.name);
      expect(volume).toBeDefined();
      expect(pod.containers[0].volumeMounts).toContainEqual({ name: volume.name, mountPath: mediaRoot });
      // The non-root user writes the volume through its group.
      expect(pod.securityContext.fsGroup).toBe(pod.securityContext.runAsGroup);
    }
  });

  it('run commands that the image has: all of dist/ is copied and no ENTRYPOINT wraps the command', () => {
    const dockerfile = fs.readFileSync(path.resolve(__dirname, '..', 'Dockerfile'), 'utf8');
    expect(dockerfile).not.toMatch(/^ENTRYPOINT/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/src\/main\.js"\]$/m);
    expect(apiDeployment().spec.template.spec.containers[0].command).toBeUndefined();
  });

  it("bound V8's young generation in the image, which Node 24 would grow to 64 MiB semi-spaces, and leave it to the image", () => {
    const dockerfile = fs.readFileSync(path.resolve(__dirname, '..', 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^ENV NODE_OPTIONS=--max-semi-space-size=16$/m);
    for (const deployment of [apiDeployment(), workerDeployment()]) {
      const env: Array<{ name: string }> = deployment.spec.template.spec.containers[0].env ?? [];
      expect(env.map((e) => e.name)).not.toContain('NODE_OPTIONS');
    }
  });

  it('route the Service and the disruption budget to the API replicas, not to the workers', () => {
    const labels = apiDeployment().spec.template.metadata.labels;
    expect(apiDeployment().spec.selector.matchLabels).toEqual(labels);
    expect(byKind('Service').spec.selector).toEqual(labels);
    expect(byKind('Service').spec.ports[0].targetPort).toBe('http');
    expect(byKind('PodDisruptionBudget').spec.selector.matchLabels).toEqual(labels);
    expect(byKind('PodDisruptionBudget').spec.minAvailable).toBeLessThan(apiDeployment().spec.replicas);

    const workerLabels = workerDeployment().spec.template.metadata.labels;
    expect(workerDeployment().spec.selector.matchLabels).toEqual(workerLabels);
    expect(workerLabels).toEqual({ ...labels, 'app.kubernetes.io/component': 'worker' });
    expect(selects(byKind('Service').spec.selector, workerLabels)).toBe(false);
    expect(selects(byKind('PodDisruptionBudget').spec.selector.matchLabels, workerLabels)).toBe(false);
    expect(selects(apiDeployment().spec.selector.matchLabels, workerLabels)).toBe(false);
  });
});

describe('the migrate command the Job runs', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-migrate-'));
  let database: { url: string | undefined; drop(): Promise<void> };
  let env: { DATA_DIR: string; DATABASE_URL?: string };

  beforeAll(async () => {
    buildIfNeeded();
    database = await scratchDatabase();
    env = { DATA_DIR: dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) };
  });

  afterAll(async () => {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const migrate = () =>
    spawnSync(process.execPath, [path.resolve(__dirname, '..', 'dist', 'src', 'migrate.js')], {
      env: { PATH: process.env.PATH, DATABASE_URL: '', ...env, PLUGINS: 'dns' },
      encoding: 'utf8',
    });

  it('applies every migration, the plugins’ included, once, and the service then starts on the database', async () => {
    const migrationFiles = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).length;
    const driver = database.url ? 'postgres' : 'sqlite';
    const expected = migrationFiles(path.resolve(__dirname, '..', 'src', 'migrations', driver)) + migrationFiles(path.resolve(__dirname, '..', 'plugins', 'dns', 'migrations', driver));

    const first = migrate();
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^Applied ${expected} migrations: Initial\\d+, `));
    expect(first.stdout).toMatch(/DnsInitial\d+/);
    const second = migrate();
    expect(second.status).toBe(0);
    expect(second.stdout.trim()).toBe('No pending migrations.');

    const service = await startServiceProcess({ ...env, PLUGINS: 'dns' });
    try {
      expect((await fetch(`${service.url}/api/status/`)).status).toBe(200);
    } finally {
      service.proc.kill('SIGTERM');
      await exited(service.proc);
    }
  });
});
