import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  clientConnections,
  helmValuesFiles,
  poolerPoolSize,
  remoteDeployableName,
  renderYaml,
  RESERVED_CONNECTIONS,
} from '../src/app';
import { ingressNginxValues, API_RESPONSE_HEADERS } from '../src/edge';
import { natsValues } from '../src/nats';
import { loadReleases, REMOTE_NAMES, SERVICE_NAMES, type Releases } from '../src/topology';
import { VARIANT_NAMES, VARIANTS } from '../src/variants';
import { byKind, named, parseYamlStream, problemsOf, render, selects, type K8sObject } from './support/manifests';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe.each(VARIANT_NAMES)('the %s variant', (variant) => {
  const objects = render(variant);
  const podLabels = (o: K8sObject): Record<string, string> => o.spec.template.metadata.labels;
  const deployments = byKind(objects, 'Deployment');

  it('renders, and every object passes the Kubernetes schemas (CloudNativePG: its structural schema)', () => {
    expect(objects.length).toBeGreaterThan(40);
    expect(objects.flatMap(problemsOf)).toEqual([]);
    const ids = objects.map((o) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of objects.filter((o) => o.kind !== 'Namespace')) expect(o.metadata.namespace).toBe('vere');
    // DNS-1123 labels: a Service's name becomes its host name.
    for (const o of objects) expect(o.metadata.name).toMatch(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/);
  });

  it.each(SERVICE_NAMES)(
    '%s: a hardened Deployment with probes, a Service, an HPA, a PDB and config by reference',
    (name) => {
      const deployment = named(objects, 'Deployment', name);
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      expect(container.image).toBe(`vere/${name}:${loadReleases().services}`);
      expect(container.readinessProbe.httpGet.path).toBe('/ready');
      expect(container.livenessProbe.httpGet.path).toBe('/health');
      expect(container.startupProbe.httpGet.path).toBe('/health');
      expect(container.resources.requests.cpu).toBeTruthy();
      expect(container.resources.limits.memory).toBeTruthy();
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      expect(container.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
      });
      expect(deployment.spec.replicas).toBeUndefined(); // the HPA's
      expect(container.envFrom).toEqual([{ configMapRef: { name: `${name}-config` } }]);
      named(objects, 'ConfigMap', `${name}-config`);

      const service = named(objects, 'Service', name);
      expect(selects({ matchLabels: service.spec.selector }, podLabels(deployment))).toBe(true);
      expect(service.spec.ports).toEqual([{ name: 'http', port: 3000, targetPort: 'http' }]);

      const hpa = named(objects, 'HorizontalPodAutoscaler', name);
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.minReplicas).toBe(VARIANTS[variant].services[name].minReplicas);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      // A PDB of maxUnavailable 1 with at least two replicas: a node drain never stops the service.
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      const pdb = named(objects, 'PodDisruptionBudget', name);
      expect(pdb.spec.maxUnavailable).toBe(1);
      expect(selects(pdb.spec.selector, podLabels(deployment))).toBe(true);
    },
  );

  it('holds no secret values: no Secret objects, every secret variable is a secretKeyRef', () => {
    expect(byKind(objects, 'Secret')).toEqual([]);
    const secretish = /KEY|SECRET|PASSWORD|TOKEN|AUTH|SMTP_URL|DATABASE_URL/;
    for (const d of deployments) {
      for (const c of d.spec.template.spec.containers) {
        for (const env of c.env ?? []) {
          if (!secretish.test(env.name)) continue;
          if (env.name === 'DATABASE_URL') expect(env.value).toMatch(/^postgresql:\/\/vere:\$\(DB_PASSWORD\)@/);
          else expect(env.valueFrom?.secretKeyRef, `${d.metadata.name} ${env.name}`).toBeDefined();
        }
      }
    }
    for (const cm of byKind(objects, 'ConfigMap')) {
      for (const key of Object.keys(cm.data ?? {}))
        expect(key, cm.metadata.name).not.toMatch(/SECRET|PASSWORD|PRIVATE_KEY|DATABASE_URL/);
    }
  });

  it('routes every Ingress path to an existing Service port whose selector finds pods', () => {
    for (const ingress of byKind(objects, 'Ingress')) {
      expect(ingress.spec.ingressClassName).toBe('nginx');
      for (const rule of ingress.spec.rules) {
        expect(rule.host).toBe(VARIANTS[variant].host);
        for (const path of rule.http.paths) {
          const service = named(objects, 'Service', path.backend.service.name);
          expect(service.spec.ports.map((p: { port: number }) => p.port)).toContain(path.backend.service.port.number);
          expect(deployments.some((d) => selects({ matchLabels: service.spec.selector }, podLabels(d)))).toBe(true);
        }
      }
    }
  });

  it('closes every Vere pod both ways and opens only what each service needs', () => {
    const policies = byKind(objects, 'NetworkPolicy');
    const deny = named(objects, 'NetworkPolicy', 'vere-default-deny');
    expect(deny.spec.ingress).toBeUndefined();
    expect(deny.spec.egress).toBeUndefined();
    for (const d of deployments) expect(selects(deny.spec.podSelector, podLabels(d)), d.metadata.name).toBe(true);

    for (const name of SERVICE_NAMES) {
      const policy = named(objects, 'NetworkPolicy', name);
      expect(selects(policy.spec.podSelector, podLabels(named(objects, 'Deployment', name)))).toBe(true);
      const egressPorts = policy.spec.egress.flatMap((e: { ports: { port: number }[] }) => e.ports.map((p) => p.port));
      expect(egressPorts).toEqual(expect.arrayContaining([53, 5432, 4222]));
      // The database only through the pooler, NATS only through the chart's pods.
      const targets = JSON.stringify(policy.spec.egress);
      expect(targets).toContain('"cnpg.io/poolerName":"vere-db-pooler-rw"');
      expect(targets).toContain('"app.kubernetes.io/instance":"nats"');
      // Internet egress never reaches private or metadata addresses.
      for (const rule of policy.spec.egress)
        for (const peer of rule.to)
          if (peer.ipBlock)
            expect(peer.ipBlock.except).toEqual(expect.arrayContaining(['10.0.0.0/8', '169.254.0.0/16']));
      const from = policy.spec.ingress.flatMap((i: { from: object[] }) => i.from);
      expect(from[0]).toEqual({
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } },
      });
      // Then Prometheus (GET /metrics, decision 0046), and nobody else: only identity takes calls from
      // other services (its JWKS); pods has no internet at all.
      expect(from[1]).toEqual({
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
      });
      if (name !== 'identity') expect(from).toHaveLength(2);
      if (name === 'pods') expect(targets).not.toContain('ipBlock');
    }
    expect(
      named(objects, 'NetworkPolicy', 'identity').spec.ingress[0].from.map(
        (p: { podSelector?: { matchLabels: Record<string, string> } }) =>
          p.podSelector?.matchLabels['app.kubernetes.io/name'],
      ),
    ).toEqual([undefined, undefined, 'quests', 'pods', 'billing']);
    const staticPolicy = named(objects, 'NetworkPolicy', 'vere-static');
    const staticPods = deployments.filter((d) => selects(staticPolicy.spec.podSelector, podLabels(d)));
    expect(staticPods.map((d) => d.metadata.name).sort()).toEqual(
      ['web', ...REMOTE_NAMES.map((r) => remoteDeployableName(r, loadReleases().remotes[r].live))].sort(),
    );
    expect(policies).toHaveLength(SERVICE_NAMES.length + 2);
  });

  it('runs PostgreSQL on CloudNativePG behind a session pooler sized for every replica at the HPA maximum', () => {
    const cluster = named(objects, 'Cluster', 'vere-db');
    const pooler = named(objects, 'Pooler', 'vere-db-pooler-rw');
    const v = VARIANTS[variant];
    expect(cluster.spec.instances).toBe(v.postgres.instances);
    expect(pooler.spec.cluster.name).toBe('vere-db');
    // pods' LISTEN and the session-level advisory locks (migrations, jobs) need session pooling.
    expect(pooler.spec.pgbouncer.poolMode).toBe('session');
    const perInstance = Number(pooler.spec.pgbouncer.parameters.default_pool_size);
    expect(perInstance).toBe(poolerPoolSize(v));
    expect(perInstance * v.postgres.poolerInstances).toBeGreaterThanOrEqual(clientConnections(v));
    expect(perInstance * v.postgres.poolerInstances + RESERVED_CONNECTIONS).toBeLessThanOrEqual(
      Number(cluster.spec.postgresql.parameters.max_connections),
    );
  });

  it('sizes the NATS cluster for the streams the services create (file storage, replicas = NATS_STREAM_REPLICAS)', () => {
    const values = natsValues(VARIANTS[variant]);
    const replicas = new Set(
      SERVICE_NAMES.map((name) => named(objects, 'ConfigMap', `${name}-config`).data!.NATS_STREAM_REPLICAS),
    );
    expect([...replicas]).toEqual([String(VARIANTS[variant].nats.streamReplicas)]);
    const nodes = values.config.cluster.enabled ? (values.config.cluster as { replicas: number }).replicas : 1;
    expect(nodes).toBeGreaterThanOrEqual(Number([...replicas][0]));
    expect(values.config.jetstream.fileStore).toMatchObject({ enabled: true, pvc: { enabled: true } });
    if (variant === 'production') expect(nodes).toBe(3);
  });

  it('serves each remote version under its own path and points remotes.json at the live ones', () => {
    const releases = loadReleases();
    const remotes = JSON.parse(named(objects, 'ConfigMap', 'web-remotes').data!['remotes.json']!);
    for (const remote of REMOTE_NAMES) {
      const live = releases.remotes[remote].live;
      expect(remotes[remote]).toBe(`/remotes/${remote}/${live}/remoteEntry.js`);
      const deployment = named(objects, 'Deployment', remoteDeployableName(remote, live));
      expect(deployment.spec.template.spec.containers[0].image).toBe(`vere/edge:${live}`);
      const ingress = named(objects, 'Ingress', `edge-${remoteDeployableName(remote, live)}`);
      const path = ingress.spec.rules[0].http.paths[0];
      expect(new RegExp(`^${path.path}`).test(`/remotes/${remote}/${live}/remoteEntry.js`)).toBe(true);
      expect(path.backend.service.name).toBe(remoteDeployableName(remote, live));
      expect(ingress.metadata.annotations!['nginx.ingress.kubernetes.io/rewrite-target']).toBe(`/remotes/${remote}/$2`);
    }
    const web = named(objects, 'Deployment', 'web').spec.template.spec;
    expect(web.volumes).toContainEqual({ name: 'remotes', configMap: { name: 'web-remotes' } });
    expect(web.containers[0].volumeMounts).toContainEqual({ name: 'remotes', mountPath: '/etc/vere' });
  });
});

describe('rolling a remote back', () => {
  const withVersions = (live: string): Releases => {
    const releases = loadReleases();
    return { ...releases, remotes: { ...releases.remotes, challenges: { live, deployed: ['1.4.1', '1.4.2'] } } };
  };

  it('switches remotes.json to the kept version; both versions stay served', () => {
    const before = render('production', withVersions('1.4.2'));
    const after = render('production', withVersions('1.4.1'));
    const remotesOf = (objects: K8sObject[]) =>
      JSON.parse(named(objects, 'ConfigMap', 'web-remotes').data!['remotes.json']!);
    expect(remotesOf(before).challenges).toBe('/remotes/challenges/1.4.2/remoteEntry.js');
    expect(remotesOf(after).challenges).toBe('/remotes/challenges/1.4.1/remoteEntry.js');
    expect(remotesOf(after).connect).toBe(remotesOf(before).connect);
    for (const objects of [before, after]) {
      named(objects, 'Deployment', 'remote-challenges-1-4-1');
      named(objects, 'Deployment', 'remote-challenges-1-4-2');
      expect(objects.flatMap(problemsOf)).toEqual([]);
    }
    // Nothing else changes: the rollback is that one ConfigMap.
    const changed = after.filter((o, i) => JSON.stringify(o) !== JSON.stringify(before[i]));
    expect(changed.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['ConfigMap/web-remotes']);
  });

  it('refuses a version that is no plain image tag', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vere-k8s-'));
    const file = join(dir, 'releases.json');
    writeFileSync(file, JSON.stringify({ ...loadReleases(), shell: '1.0.0/../x' }));
    expect(() => loadReleases(pathToFileURL(file))).toThrow(/"1.0.0\/..\/x" is not a version/);
  });

  it('refuses a live version that is not deployed', () => {
    const releases = withVersions('1.4.3');
    expect(() => renderYaml('production', releases)).toThrow(/challenges's live 1\.4\.3 is not deployed/);
  });
});

describe('the validation itself', () => {
  it('fails on an object the API server would refuse', () => {
    const [deployment] = byKind(render('base'), 'Deployment');
    const broken = structuredClone(deployment!);
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http-port';
    expect(problemsOf(broken).join()).toMatch(/containerPort/);
    const noSelector = structuredClone(deployment!);
    delete noSelector.spec.selector;
    expect(problemsOf(noSelector).join()).toMatch(/selector/);
  });

  it('fails on a misspelt or mistyped CloudNativePG field', () => {
    const cluster = named(render('production'), 'Cluster', 'vere-db');
    const typo = structuredClone(cluster);
    typo.spec.instance = typo.spec.instances;
    delete typo.spec.instances;
    expect(problemsOf(typo).length).toBeGreaterThan(0);
    const pooler = named(render('production'), 'Pooler', 'vere-db-pooler-rw');
    const badMode = structuredClone(pooler);
    badMode.spec.pgbouncer.poolMode = 'statement';
    expect(problemsOf(badMode).length).toBeGreaterThan(0);
  });

  it('refuses a kind it has no schema for', () => {
    expect(problemsOf({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } })).toEqual([
      'Widget/w: no schema for example.com/v1 Widget',
    ]);
  });
});

describe('npm run k8s:render', () => {
  it('prints the production variant as one YAML stream', () => {
    // The root package.json script, as the README runs it (-s: without npm's banner).
    const printed = execFileSync('npm', ['run', '-s', 'k8s:render'], { cwd: repoRoot, encoding: 'utf8' });
    expect(printed).toBe(renderYaml('production'));
    expect(parseYamlStream(printed).map((o) => o.kind)).toContain('Ingress');
    const base = execFileSync('npm', ['run', '-s', 'k8s:render', '--', 'base'], { cwd: repoRoot, encoding: 'utf8' });
    expect(base).toBe(renderYaml('base'));
  });

  it('prints the Helm values that go with it, and helm/ holds the same files', () => {
    const run = (...args: string[]) =>
      parse(
        execFileSync(process.execPath, ['--import', 'tsx', 'src/render.ts', ...args], {
          cwd: projectRoot,
          encoding: 'utf8',
        }),
      );
    expect(run('production', '--nats-values')).toEqual(natsValues(VARIANTS.production));
    expect(run('--ingress-nginx-values')).toEqual(ingressNginxValues());
    expect(ingressNginxValues().controller.config['global-allowed-response-headers'].split(',')).toEqual(
      Object.keys(API_RESPONSE_HEADERS),
    );
    for (const [file, text] of Object.entries(helmValuesFiles()))
      expect(
        readFileSync(join(projectRoot, file), 'utf8'),
        `${file}: run npm run -s k8s:render -- --write-helm-values`,
      ).toBe(text);
    expect(Object.keys(helmValuesFiles()).sort()).toEqual(
      readdirSync(join(projectRoot, 'helm'))
        .map((f) => `helm/${f}`)
        .sort(),
    );
  });
});
