// Values for the official NATS Helm chart (nats-io/k8s, chart `nats` 1.x): the server settings of
// infra/nats/nats.conf, JetStream on file storage (a PersistentVolumeClaim per node), and as many
// nodes as the variant's streams have replicas (NATS_STREAM_REPLICAS), spread over hosts.
import { NATS_IMAGE } from './topology';
import type { Variant } from './variants';

/** The chart writes `<< value >>` verbatim into nats.conf (units such as 1MB are not strings). */
const raw = (value: string) => `<< ${value} >>`;

export function natsValues(variant: Variant) {
  const { nodes, streamReplicas, fileStorage, maxFileStore } = variant.nats;
  if (streamReplicas > nodes) throw new Error(`${streamReplicas} stream replicas need ${streamReplicas} NATS nodes`);
  return {
    config: {
      cluster: nodes > 1 ? { enabled: true, replicas: nodes } : { enabled: false },
      jetstream: {
        enabled: true,
        fileStore: {
          enabled: true,
          dir: '/data',
          pvc: { enabled: true, size: fileStorage },
          maxSize: maxFileStore,
        },
        memoryStore: { enabled: true, maxSize: '256Mi' },
      },
      monitor: { enabled: true, port: 8222 },
      merge: {
        max_payload: raw('1MB'),
        max_connections: 10000,
        max_pending: raw('64MB'),
        write_deadline: '10s',
        ping_interval: '20s',
        ping_max: 3,
        lame_duck_duration: '30s',
        lame_duck_grace_period: '10s',
      },
    },
    container: {
      image: { repository: NATS_IMAGE.repository, tag: NATS_IMAGE.tag },
      merge: { resources: { requests: { cpu: '250m', memory: '512Mi' }, limits: { memory: '1Gi' } } },
    },
    podTemplate: {
      topologySpreadConstraints: {
        'kubernetes.io/hostname': { maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' },
      },
    },
    podDisruptionBudget: { enabled: nodes > 1 },
    natsBox: { enabled: false },
  };
}
