// The two shapes the topology renders in. `base` is the smallest deployment that still runs every
// part the way production does (a staging cluster, a review environment); `production` is the
// highly available one: three PostgreSQL instances behind a pooler, a three-node NATS cluster with
// every stream on all three nodes, and at least three replicas of each service across zones.

export type VariantName = 'base' | 'production';

export interface ServiceSizing {
  /** HPA bounds (the Deployment leaves its replica count to the HPA). */
  minReplicas: number;
  maxReplicas: number;
  cpuRequest: string;
  memoryRequest: string;
  memoryLimit: string;
}

export interface Variant {
  name: VariantName;
  namespace: string;
  /** The public host the Ingress answers; TLS comes from the `tlsSecret` Secret (e.g. cert-manager's). */
  host: string;
  tlsSecret: string;
  services: Record<'identity' | 'quests' | 'pods' | 'billing', ServiceSizing>;
  web: { replicas: number };
  postgres: { instances: number; storage: string; poolerInstances: number; maxConnections: number };
  /** fileStorage: each node's volume; maxFileStore: JetStream's max_file_store on it. */
  nats: { nodes: number; streamReplicas: number; fileStorage: string; maxFileStore: string };
}

const small = (minReplicas: number, maxReplicas: number, memoryLimit = '512Mi'): ServiceSizing => ({
  minReplicas,
  maxReplicas,
  cpuRequest: '100m',
  memoryRequest: '192Mi',
  memoryLimit,
});

export const VARIANTS: Record<VariantName, Variant> = {
  base: {
    name: 'base',
    namespace: 'vere',
    host: 'staging.vere.example',
    tlsSecret: 'vere-tls',
    services: {
      identity: small(2, 4),
      // quests decodes proof photos (sharp): +169 MB over idle for 12 parallel 48 MP uploads
      // (bench/upload-memory.mjs, decision 0033), so its ceiling is higher.
      quests: small(2, 4, '768Mi'),
      pods: small(2, 4),
      billing: small(2, 3),
    },
    web: { replicas: 2 },
    postgres: { instances: 1, storage: '10Gi', poolerInstances: 1, maxConnections: 250 },
    nats: { nodes: 1, streamReplicas: 1, fileStorage: '5Gi', maxFileStore: '4Gi' },
  },
  production: {
    name: 'production',
    namespace: 'vere',
    host: 'app.vere.example',
    tlsSecret: 'vere-tls',
    services: {
      identity: { minReplicas: 3, maxReplicas: 10, cpuRequest: '250m', memoryRequest: '256Mi', memoryLimit: '512Mi' },
      quests: { minReplicas: 3, maxReplicas: 12, cpuRequest: '250m', memoryRequest: '320Mi', memoryLimit: '768Mi' },
      pods: { minReplicas: 3, maxReplicas: 10, cpuRequest: '250m', memoryRequest: '256Mi', memoryLimit: '512Mi' },
      billing: { minReplicas: 3, maxReplicas: 6, cpuRequest: '100m', memoryRequest: '192Mi', memoryLimit: '512Mi' },
    },
    web: { replicas: 3 },
    postgres: { instances: 3, storage: '100Gi', poolerInstances: 3, maxConnections: 600 },
    nats: { nodes: 3, streamReplicas: 3, fileStorage: '20Gi', maxFileStore: '10Gi' },
  },
};

export const VARIANT_NAMES = Object.keys(VARIANTS) as VariantName[];
