// CloudNativePG's `Cluster` and `Pooler` (postgresql.cnpg.io/v1), for the fields this topology
// sets. The Kubernetes models package knows only the built-in kinds, so these TypeBox schemas are
// the structural check of the two custom resources: closed objects (a misspelt field fails), the
// operator's enums and required fields. They type the objects at compile time (Static) and the
// render test checks every rendered Cluster and Pooler against them (Value.Errors).
import { Type, type Static } from 'typebox';

const Quantity = Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?(m|Ki|Mi|Gi|Ti|k|M|G|T)?$' });
const Name = Type.String({ pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', maxLength: 63 });
const Metadata = Type.Object(
  {
    name: Name,
    namespace: Type.Optional(Name),
    labels: Type.Optional(Type.Record(Type.String(), Type.String())),
    annotations: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { additionalProperties: false },
);
const Resources = Type.Object(
  {
    requests: Type.Optional(Type.Object({ cpu: Type.Optional(Quantity), memory: Type.Optional(Quantity) })),
    limits: Type.Optional(Type.Object({ cpu: Type.Optional(Quantity), memory: Type.Optional(Quantity) })),
  },
  { additionalProperties: false },
);

export const CnpgCluster = Type.Object(
  {
    apiVersion: Type.Literal('postgresql.cnpg.io/v1'),
    kind: Type.Literal('Cluster'),
    metadata: Metadata,
    spec: Type.Object(
      {
        instances: Type.Integer({ minimum: 1 }),
        imageName: Type.String({ minLength: 1 }),
        primaryUpdateStrategy: Type.Optional(Type.Union([Type.Literal('unsupervised'), Type.Literal('supervised')])),
        primaryUpdateMethod: Type.Optional(Type.Union([Type.Literal('switchover'), Type.Literal('restart')])),
        enableSuperuserAccess: Type.Optional(Type.Boolean()),
        bootstrap: Type.Object(
          {
            initdb: Type.Object(
              { database: Type.String({ minLength: 1 }), owner: Type.String({ minLength: 1 }) },
              { additionalProperties: false },
            ),
          },
          { additionalProperties: false },
        ),
        storage: Type.Object(
          { size: Quantity, storageClass: Type.Optional(Type.String()) },
          { additionalProperties: false },
        ),
        postgresql: Type.Optional(
          Type.Object({ parameters: Type.Record(Type.String(), Type.String()) }, { additionalProperties: false }),
        ),
        resources: Type.Optional(Resources),
        affinity: Type.Optional(
          Type.Object(
            {
              enablePodAntiAffinity: Type.Optional(Type.Boolean()),
              topologyKey: Type.Optional(Type.String()),
              podAntiAffinityType: Type.Optional(Type.Union([Type.Literal('preferred'), Type.Literal('required')])),
            },
            { additionalProperties: false },
          ),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type CnpgCluster = Static<typeof CnpgCluster>;

export const CnpgPooler = Type.Object(
  {
    apiVersion: Type.Literal('postgresql.cnpg.io/v1'),
    kind: Type.Literal('Pooler'),
    metadata: Metadata,
    spec: Type.Object(
      {
        cluster: Type.Object({ name: Name }, { additionalProperties: false }),
        type: Type.Union([Type.Literal('rw'), Type.Literal('ro'), Type.Literal('r')]),
        instances: Type.Integer({ minimum: 0 }),
        pgbouncer: Type.Object(
          {
            poolMode: Type.Union([Type.Literal('session'), Type.Literal('transaction')]),
            parameters: Type.Optional(Type.Record(Type.String(), Type.String())),
          },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type CnpgPooler = Static<typeof CnpgPooler>;
