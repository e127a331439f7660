// The topology as cdk8s charts: typed Kubernetes objects (kubernetes-models) added to a chart as
// ApiObjects, synthesized to one YAML stream. `renderYaml('production')` is `npm run k8s:render`.
import { ApiObject, App, Chart } from 'cdk8s';
import type { Construct } from 'constructs';
// `apps` through the package's index: a kubernetes-models/apps/… path reads as a cross-project import to the lint rules.
import { apps } from 'kubernetes-models';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy, type INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Service, type IContainer, type IEnvVar, type IPodSpec } from 'kubernetes-models/v1';
import { stringify } from 'yaml';
import type { CnpgCluster, CnpgPooler } from './cnpg';
import {
  API_BODY_LIMIT,
  API_PREFIX_ROUTES,
  API_RESPONSE_HEADERS,
  API_TIMEOUTS,
  EXACT_API_ROUTES,
  ingressNginxValues,
} from './edge';
import { natsValues } from './nats';
import {
  CONNECTIONS_PER_REPLICA,
  DB_APP_SECRET,
  DB_CLUSTER,
  DB_NAME,
  DB_OWNER,
  DB_POOLER,
  NATS_RELEASE,
  NGINX_UID,
  NODE_UID,
  POSTGRES_IMAGE,
  REMOTE_NAMES,
  SERVICE_PORT,
  WEB_PORT,
  loadReleases,
  serviceImage,
  serviceSpecs,
  versionSlug,
  webImage,
  type Releases,
  type ServiceSpec,
} from './topology';
import { VARIANT_NAMES, VARIANTS, type Variant, type VariantName } from './variants';

const PART_OF = { 'app.kubernetes.io/part-of': 'vere' };
const INGRESS_CLASS = 'nginx';
const INGRESS_NAMESPACE = 'ingress-nginx';
const NGINX = 'nginx.ingress.kubernetes.io';

interface Model {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string };
  toJSON(): unknown;
}

/** Adds a typed model to the chart as a plain ApiObject (its id: kind + name, unique per chart). */
function add(scope: Construct, model: Model | CnpgCluster | CnpgPooler): void {
  const json = ('toJSON' in model ? model.toJSON() : model) as { apiVersion: string; kind: string };
  new ApiObject(scope, `${model.kind}-${model.metadata?.name}`, json);
}

const labelsOf = (name: string, component: string, version: string) => ({
  ...PART_OF,
  'app.kubernetes.io/name': name,
  'app.kubernetes.io/component': component,
  'app.kubernetes.io/version': version,
});

/** Non-root, read-only root filesystem, no privilege escalation, no capabilities, default seccomp. */
function hardenedPod(uid: number, spec: Omit<IPodSpec, 'securityContext'>): IPodSpec {
  return {
    automountServiceAccountToken: false,
    enableServiceLinks: false,
    securityContext: {
      runAsNonRoot: true,
      runAsUser: uid,
      runAsGroup: uid,
      fsGroup: uid,
      seccompProfile: { type: 'RuntimeDefault' },
    },
    ...spec,
  };
}

const hardenedContainer = {
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  runAsNonRoot: true,
  capabilities: { drop: ['ALL'] },
  seccompProfile: { type: 'RuntimeDefault' as const },
};

const spread = (labels: Record<string, string>) =>
  ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'].map((topologyKey) => ({
    maxSkew: 1,
    topologyKey,
    whenUnsatisfiable: 'ScheduleAnyway' as const,
    labelSelector: { matchLabels: labels },
  }));

/** The services' database URL: the pooler, the owner's password from CloudNativePG's Secret. */
function databaseEnv(): IEnvVar[] {
  return [
    { name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: DB_APP_SECRET, key: 'password' } } },
    // $(DB_PASSWORD) is expanded by the kubelet. CloudNativePG generates alphanumeric passwords, so
    // the URL needs no escaping (set one yourself: keep it URL-safe, as in compose).
    { name: 'DATABASE_URL', value: `postgresql://${DB_OWNER}:$(DB_PASSWORD)@${DB_POOLER}:5432/${DB_NAME}` },
  ];
}

function serviceObjects(scope: Construct, variant: Variant, spec: ServiceSpec, tag: string): void {
  const { name } = spec;
  const sizing = variant.services[name];
  const selector = { ...PART_OF, 'app.kubernetes.io/name': name };
  const labels = labelsOf(name, 'service', tag);
  const configName = `${name}-config`;

  add(scope, new ConfigMap({ metadata: { name: configName, labels }, data: spec.config }));

  const secretEnv: IEnvVar[] = Object.entries(spec.secrets).map(([variable, ref]) => ({
    name: variable,
    valueFrom: { secretKeyRef: { name: ref.secret, key: ref.key, ...(ref.optional ? { optional: true } : {}) } },
  }));
  const probe = (path: string, periodSeconds: number, failureThreshold: number) => ({
    httpGet: { path, port: 'http' },
    periodSeconds,
    timeoutSeconds: 3,
    failureThreshold,
  });
  const container: IContainer = {
    name,
    image: serviceImage(name, tag),
    imagePullPolicy: 'IfNotPresent',
    ports: [{ name: 'http', containerPort: SERVICE_PORT }],
    envFrom: [{ configMapRef: { name: configName } }],
    env: [...databaseEnv(), ...secretEnv],
    // Migrations run before the service listens (libs/prisma-engine, under an advisory lock): the
    // start-up probe gives them five minutes before liveness takes over.
    startupProbe: probe('/health', 5, 60),
    livenessProbe: probe('/health', 10, 3),
    // Database and NATS reachable: out of the Service's endpoints while either is not.
    readinessProbe: probe('/ready', 5, 2),
    // Let the endpoint removal reach the ingress before SIGTERM starts the 10 s drain.
    lifecycle: { preStop: { sleep: { seconds: 5 } } },
    resources: {
      requests: { cpu: sizing.cpuRequest, memory: sizing.memoryRequest },
      limits: { memory: sizing.memoryLimit },
    },
    securityContext: hardenedContainer,
    volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
  };
  add(
    scope,
    new apps.v1.Deployment({
      metadata: { name, labels },
      spec: {
        // No `replicas`: the HorizontalPodAutoscaler owns it (an apply would otherwise reset it).
        revisionHistoryLimit: 5,
        selector: { matchLabels: selector },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 0 } },
        template: {
          metadata: { labels },
          spec: hardenedPod(NODE_UID, {
            terminationGracePeriodSeconds: 30,
            containers: [container],
            volumes: [{ name: 'tmp', emptyDir: { sizeLimit: spec.tmpSize } }],
            topologySpreadConstraints: spread(selector),
          }),
        },
      },
    }),
  );
  add(
    scope,
    new Service({
      metadata: { name, labels },
      spec: { selector, ports: [{ name: 'http', port: SERVICE_PORT, targetPort: 'http' }] },
    }),
  );
  add(
    scope,
    new HorizontalPodAutoscaler({
      metadata: { name, labels },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
        minReplicas: sizing.minReplicas,
        maxReplicas: sizing.maxReplicas,
        metrics: [
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
        ],
        behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
      },
    }),
  );
  add(
    scope,
    new PodDisruptionBudget({
      metadata: { name, labels },
      spec: { maxUnavailable: 1, selector: { matchLabels: selector } },
    }),
  );
}

/** A static deployable: the vere/edge image of one release, behind its own Service. */
function staticDeployable(
  scope: Construct,
  opts: { name: string; component: string; version: string; replicas: number; remotesJson?: string },
): void {
  const selector = { ...PART_OF, 'app.kubernetes.io/name': opts.name };
  const labels = labelsOf(opts.name, opts.component, opts.version);
  const probe = { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 10, timeoutSeconds: 3 };
  const volumes: IPodSpec['volumes'] = [{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }];
  const mounts = [{ name: 'tmp', mountPath: '/tmp' }];
  if (opts.remotesJson) {
    // /etc/vere/remotes.json, which the shell fetches (no-cache) to find each remote's manifest.
    // Mounted as a directory (no subPath), so a changed ConfigMap reaches running pods.
    volumes.push({ name: 'remotes', configMap: { name: opts.remotesJson } });
    mounts.push({ name: 'remotes', mountPath: '/etc/vere' });
  }
  add(
    scope,
    new apps.v1.Deployment({
      metadata: { name: opts.name, labels },
      spec: {
        replicas: opts.replicas,
        revisionHistoryLimit: 5,
        selector: { matchLabels: selector },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 0 } },
        template: {
          metadata: { labels },
          spec: hardenedPod(NGINX_UID, {
            terminationGracePeriodSeconds: 15,
            containers: [
              {
                name: 'nginx',
                image: webImage(opts.version),
                imagePullPolicy: 'IfNotPresent',
                ports: [{ name: 'http', containerPort: WEB_PORT }],
                readinessProbe: probe,
                livenessProbe: { ...probe, failureThreshold: 3 },
                lifecycle: { preStop: { sleep: { seconds: 5 } } },
                resources: { requests: { cpu: '20m', memory: '32Mi' }, limits: { memory: '128Mi' } },
                securityContext: hardenedContainer,
                volumeMounts: mounts,
              },
            ],
            volumes,
            topologySpreadConstraints: spread(selector),
          }),
        },
      },
    }),
  );
  add(
    scope,
    new Service({
      metadata: { name: opts.name, labels },
      spec: { selector, ports: [{ name: 'http', port: WEB_PORT, targetPort: 'http' }] },
    }),
  );
  add(
    scope,
    new PodDisruptionBudget({
      metadata: { name: opts.name, labels },
      spec: { maxUnavailable: 1, selector: { matchLabels: selector } },
    }),
  );
}

export const remoteDeployableName = (remote: string, version: string) => `remote-${remote}-${versionSlug(version)}`;
/** Where a remote version is served: its own path prefix, so versions never share a URL. */
export const remotePath = (remote: string, version: string) => `/remotes/${remote}/${version}`;

/** remotes.json: each remote's live version, by its versioned remoteEntry.js URL (decision 0070). */
export function remotesJson(releases: Releases): Record<string, string> {
  return Object.fromEntries(
    REMOTE_NAMES.map((remote) => [remote, `${remotePath(remote, releases.remotes[remote].live)}/remoteEntry.js`]),
  );
}

function webObjects(scope: Construct, variant: Variant, releases: Releases): void {
  add(
    scope,
    new ConfigMap({
      metadata: { name: 'web-remotes', labels: labelsOf('web', 'shell', releases.shell) },
      data: { 'remotes.json': `${JSON.stringify(remotesJson(releases), null, 2)}\n` },
    }),
  );
  staticDeployable(scope, {
    name: 'web',
    component: 'shell',
    version: releases.shell,
    replicas: variant.web.replicas,
    remotesJson: 'web-remotes',
  });
  for (const remote of REMOTE_NAMES) {
    const { live, deployed } = releases.remotes[remote];
    if (!deployed.includes(live)) throw new Error(`releases.json: ${remote}'s live ${live} is not deployed`);
    for (const version of deployed) {
      staticDeployable(scope, {
        name: remoteDeployableName(remote, version),
        component: 'remote',
        version,
        replicas: 2,
      });
    }
  }
}

function edgeObjects(scope: Construct, variant: Variant, releases: Releases): void {
  const labels = { ...PART_OF, 'app.kubernetes.io/component': 'edge' };
  const tls = [{ hosts: [variant.host], secretName: variant.tlsSecret }];
  const backend = (service: string, port: number) => ({ service: { name: service, port: { number: port } } });
  const apiAnnotations = (bodyLimit: string) => ({
    [`${NGINX}/proxy-body-size`]: bodyLimit,
    [`${NGINX}/proxy-connect-timeout`]: String(API_TIMEOUTS.connect),
    [`${NGINX}/proxy-read-timeout`]: String(API_TIMEOUTS.read),
    [`${NGINX}/proxy-send-timeout`]: String(API_TIMEOUTS.send),
    [`${NGINX}/custom-headers`]: `${variant.namespace}/edge-api-headers`,
  });
  add(scope, new ConfigMap({ metadata: { name: 'edge-api-headers', labels }, data: API_RESPONSE_HEADERS }));
  add(
    scope,
    new Ingress({
      metadata: { name: 'edge-api', labels, annotations: apiAnnotations(API_BODY_LIMIT) },
      spec: {
        ingressClassName: INGRESS_CLASS,
        tls,
        rules: [
          {
            host: variant.host,
            http: {
              paths: API_PREFIX_ROUTES.map((route) => ({
                path: route.path,
                pathType: 'Prefix',
                backend: backend(route.service, SERVICE_PORT),
              })),
            },
          },
        ],
      },
    }),
  );
  for (const route of EXACT_API_ROUTES) {
    const name = `edge-api-${route.path.split('/').filter(Boolean).slice(1).join('-')}`;
    add(
      scope,
      new Ingress({
        metadata: {
          name,
          labels,
          annotations: {
            ...apiAnnotations(route.bodyLimit),
            ...(route.rewriteTo ? { [`${NGINX}/rewrite-target`]: route.rewriteTo } : {}),
          },
        },
        spec: {
          ingressClassName: INGRESS_CLASS,
          tls,
          rules: [
            {
              host: variant.host,
              http: { paths: [{ path: route.path, pathType: 'Exact', backend: backend(route.service, SERVICE_PORT) }] },
            },
          ],
        },
      }),
    );
  }
  // Everything else: the shell's deployable (its nginx adds the CSP and the other headers, and
  // answers any other /api/… with the JSON 404).
  add(
    scope,
    new Ingress({
      metadata: { name: 'edge-web', labels, annotations: { [`${NGINX}/proxy-body-size`]: API_BODY_LIMIT } },
      spec: {
        ingressClassName: INGRESS_CLASS,
        tls,
        rules: [
          {
            host: variant.host,
            http: { paths: [{ path: '/', pathType: 'Prefix', backend: backend('web', WEB_PORT) }] },
          },
        ],
      },
    }),
  );
  // /remotes/<name>/<version>/… → that version's deployable, which serves it at /remotes/<name>/….
  for (const remote of REMOTE_NAMES) {
    for (const version of releases.remotes[remote].deployed) {
      const name = remoteDeployableName(remote, version);
      add(
        scope,
        new Ingress({
          metadata: {
            name: `edge-${name}`,
            labels,
            annotations: {
              [`${NGINX}/use-regex`]: 'true',
              [`${NGINX}/rewrite-target`]: `/remotes/${remote}/$2`,
            },
          },
          spec: {
            ingressClassName: INGRESS_CLASS,
            tls,
            rules: [
              {
                host: variant.host,
                http: {
                  paths: [
                    {
                      path: `${remotePath(remote, version).replace(/\./g, '\\.')}(/|$)(.*)`,
                      pathType: 'ImplementationSpecific',
                      backend: backend(name, WEB_PORT),
                    },
                  ],
                },
              },
            ],
          },
        }),
      );
    }
  }
}

const podsOf = (labels: Record<string, string>, namespace?: string): INetworkPolicyPeer => ({
  podSelector: { matchLabels: labels },
  ...(namespace ? { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': namespace } } } : {}),
});
const fromIngressController: INetworkPolicyPeer = {
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': INGRESS_NAMESPACE } },
};
/** Prometheus scrapes each service's `GET /metrics` on its port (decision 0046); the Ingress never routes it. */
export const MONITORING_NAMESPACE = 'monitoring';
const fromMonitoring: INetworkPolicyPeer = {
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': MONITORING_NAMESPACE } },
};
/** Public addresses only: no cluster, private or link-local (cloud metadata) ranges. */
const internet: INetworkPolicyPeer = {
  ipBlock: { cidr: '0.0.0.0/0', except: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16'] },
};

function networkPolicies(scope: Construct, specs: ServiceSpec[]): void {
  const labels = { ...PART_OF, 'app.kubernetes.io/component': 'network-policy' };
  // Everything of Vere's own (services and static deployables) starts closed both ways.
  add(
    scope,
    new NetworkPolicy({
      metadata: { name: 'vere-default-deny', labels },
      spec: { podSelector: { matchLabels: PART_OF }, policyTypes: ['Ingress', 'Egress'] },
    }),
  );
  const dns = {
    to: [podsOf({ 'k8s-app': 'kube-dns' }, 'kube-system')],
    ports: [
      { protocol: 'UDP' as const, port: 53 },
      { protocol: 'TCP' as const, port: 53 },
    ],
  };
  for (const spec of specs) {
    const egress = [
      dns,
      { to: [podsOf({ 'cnpg.io/poolerName': DB_POOLER })], ports: [{ protocol: 'TCP' as const, port: 5432 }] },
      {
        to: [podsOf({ 'app.kubernetes.io/name': 'nats', 'app.kubernetes.io/instance': NATS_RELEASE })],
        ports: [{ protocol: 'TCP' as const, port: 4222 }],
      },
      ...(spec.egress.identity
        ? [
            {
              to: [podsOf({ 'app.kubernetes.io/name': 'identity' })],
              ports: [{ protocol: 'TCP' as const, port: SERVICE_PORT }],
            },
          ]
        : []),
      ...(spec.egress.internetPorts
        ? [{ to: [internet], ports: spec.egress.internetPorts.map((port) => ({ protocol: 'TCP' as const, port })) }]
        : []),
    ];
    const from: INetworkPolicyPeer[] = [fromIngressController, fromMonitoring];
    // identity's JWKS (/.well-known/jwks.json) is read by the services that verify tokens.
    if (spec.name === 'identity') {
      for (const other of specs.filter((s) => s.egress.identity))
        from.push(podsOf({ 'app.kubernetes.io/name': other.name }));
    }
    add(
      scope,
      new NetworkPolicy({
        metadata: {
          name: spec.name,
          labels,
          ...(spec.egress.why ? { annotations: { 'vere.example/internet-egress': spec.egress.why } } : {}),
        },
        spec: {
          podSelector: { matchLabels: { 'app.kubernetes.io/name': spec.name } },
          policyTypes: ['Ingress', 'Egress'],
          ingress: [{ from, ports: [{ protocol: 'TCP' as const, port: SERVICE_PORT }] }],
          egress,
        },
      }),
    );
  }
  // Static deployables: reached by the ingress controller only, reach nothing.
  add(
    scope,
    new NetworkPolicy({
      metadata: { name: 'vere-static', labels },
      spec: {
        podSelector: {
          matchLabels: PART_OF,
          matchExpressions: [{ key: 'app.kubernetes.io/component', operator: 'In', values: ['shell', 'remote'] }],
        },
        policyTypes: ['Ingress'],
        ingress: [{ from: [fromIngressController], ports: [{ protocol: 'TCP', port: WEB_PORT }] }],
      },
    }),
  );
}

/** Connections PostgreSQL keeps for itself and the operator (superuser, replication, probes). */
export const RESERVED_CONNECTIONS = 20;

/** What the services can open at the HPA maximum: every replica's pool, LISTEN and lock connections. */
export function clientConnections(variant: Variant): number {
  return Object.values(variant.services).reduce((n, s) => n + s.maxReplicas * CONNECTIONS_PER_REPLICA, 0);
}

/** Server connections per pooler instance: together, all PostgreSQL offers the application. */
export function poolerPoolSize(variant: Variant): number {
  return Math.floor((variant.postgres.maxConnections - RESERVED_CONNECTIONS) / variant.postgres.poolerInstances);
}

function databaseObjects(scope: Construct, variant: Variant): void {
  const cluster: CnpgCluster = {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Cluster',
    metadata: { name: DB_CLUSTER, labels: { ...PART_OF, 'app.kubernetes.io/component': 'database' } },
    spec: {
      instances: variant.postgres.instances,
      imageName: POSTGRES_IMAGE,
      primaryUpdateStrategy: 'unsupervised',
      primaryUpdateMethod: 'switchover',
      enableSuperuserAccess: false,
      // One database, one schema per service (each service migrates its own at start-up).
      bootstrap: { initdb: { database: DB_NAME, owner: DB_OWNER } },
      storage: { size: variant.postgres.storage },
      postgresql: { parameters: { max_connections: String(variant.postgres.maxConnections) } },
      resources: {
        requests: { cpu: variant.name === 'production' ? '1' : '250m', memory: '1Gi' },
        limits: { memory: variant.name === 'production' ? '4Gi' : '1Gi' },
      },
      affinity: { enablePodAntiAffinity: true, topologyKey: 'kubernetes.io/hostname' },
    },
  };
  // Session pooling: the services hold session state — pods' LISTEN for live updates, the
  // session-level advisory locks of migrations and of the job scheduler — which transaction
  // pooling would break. The pooler still bounds the server connections and follows the primary.
  const pooler: CnpgPooler = {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Pooler',
    metadata: { name: DB_POOLER, labels: { ...PART_OF, 'app.kubernetes.io/component': 'database' } },
    spec: {
      cluster: { name: DB_CLUSTER },
      type: 'rw',
      instances: variant.postgres.poolerInstances,
      pgbouncer: {
        poolMode: 'session',
        parameters: {
          max_client_conn: '2000',
          default_pool_size: String(poolerPoolSize(variant)),
        },
      },
    },
  };
  add(scope, cluster);
  add(scope, pooler);
}

/** Every object of one variant, as cdk8s charts: the namespace first, then the rest in it. */
export function buildApp(variantName: VariantName, releases: Releases = loadReleases()): App {
  const variant = VARIANTS[variantName];
  const app = new App();
  const ns = new Chart(app, 'namespace');
  add(ns, new Namespace({ metadata: { name: variant.namespace, labels: PART_OF } }));
  const chart = new Chart(app, 'vere', { namespace: variant.namespace, disableResourceNameHashes: true });
  chart.addDependency(ns);
  databaseObjects(chart, variant);
  const specs = serviceSpecs(variant);
  for (const spec of specs) serviceObjects(chart, variant, spec, releases.services);
  webObjects(chart, variant, releases);
  edgeObjects(chart, variant, releases);
  networkPolicies(chart, specs);
  return app;
}

/** The variant as one YAML stream (what `kubectl apply -f -` takes). */
export function renderYaml(variantName: VariantName, releases?: Releases): string {
  return buildApp(variantName, releases).synthYaml();
}

/** Values for the official NATS chart for a variant, as YAML. */
export function renderNatsValues(variantName: VariantName): string {
  return stringify(natsValues(VARIANTS[variantName]), { singleQuote: true });
}

/** Values for the ingress-nginx chart (the same for every variant), as YAML. */
export function renderIngressNginxValues(): string {
  return stringify(ingressNginxValues(), { singleQuote: true });
}

const GENERATED = '# Generated by `npm run -s k8s:render -- --write-helm-values` (infra/k8s/src); do not edit.\n';

/** infra/k8s/helm/*.yaml: the Helm values as files, for `helm install -f`. */
export function helmValuesFiles(): Record<string, string> {
  return {
    'helm/ingress-nginx.values.yaml': GENERATED + renderIngressNginxValues(),
    ...Object.fromEntries(VARIANT_NAMES.map((v) => [`helm/nats.${v}.values.yaml`, GENERATED + renderNatsValues(v)])),
  };
}
