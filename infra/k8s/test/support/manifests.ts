import * as models from 'kubernetes-models';
import { Value } from 'typebox/value';
import { parseAllDocuments } from 'yaml';
import { renderYaml } from '../../src/app';
import { CnpgCluster, CnpgPooler } from '../../src/cnpg';
import type { Releases } from '../../src/topology';
import type { VariantName } from '../../src/variants';

/** A rendered object, as `kubectl apply` would read it from the YAML stream. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- walked structurally by the tests
  data?: Record<string, string>;
}

export function render(variant: VariantName, releases?: Releases): K8sObject[] {
  return parseYamlStream(renderYaml(variant, releases));
}

export function parseYamlStream(text: string): K8sObject[] {
  return parseAllDocuments(text).map((doc) => {
    if (doc.errors.length) throw new Error(doc.errors.map((e) => e.message).join('\n'));
    return doc.toJSON() as K8sObject;
  });
}

type ModelClass = new (data: object) => { validate(): void };

/** The kubernetes-models class of a built-in apiVersion/kind: networking.k8s.io/v1 → networkingK8sIo.v1. */
function modelClass(apiVersion: string, kind: string): ModelClass | undefined {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const groupKey = group ? group.replace(/\.([a-z])/g, (_, c: string) => c.toUpperCase()) : undefined;
  const ns = (groupKey ? (models as Record<string, unknown>)[groupKey] : models) as
    Record<string, Record<string, unknown>> | undefined;
  const versioned = ns?.[version!];
  return versioned?.[kind] as ModelClass | undefined;
}

/**
 * Validation problems of one object: a built-in kind against the Kubernetes OpenAPI schemas
 * (kubernetes-models), CloudNativePG's kinds against src/cnpg.ts; any other kind is a problem.
 */
export function problemsOf(obj: K8sObject): string[] {
  const where = `${obj.kind}/${obj.metadata?.name}`;
  if (obj.apiVersion === 'postgresql.cnpg.io/v1') {
    const schema = obj.kind === 'Cluster' ? CnpgCluster : obj.kind === 'Pooler' ? CnpgPooler : undefined;
    if (!schema) return [`${where}: unknown CloudNativePG kind`];
    return [...Value.Errors(schema, obj)].map((e) => `${where}${e.instancePath}: ${e.message}`);
  }
  const Model = modelClass(obj.apiVersion, obj.kind);
  if (!Model) return [`${where}: no schema for ${obj.apiVersion} ${obj.kind}`];
  try {
    new Model(obj).validate();
    return [];
  } catch (err) {
    return [`${where}: ${(err as Error).message}`];
  }
}

export const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
export const named = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind}/${name}`);
  return found;
};

/** Does a label selector (matchLabels + In expressions) select these labels? */
export function selects(
  selector: {
    matchLabels?: Record<string, string>;
    matchExpressions?: { key: string; operator: string; values?: string[] }[];
  },
  labels: Record<string, string> = {},
): boolean {
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpressions = (selector.matchExpressions ?? []).every((e) => {
    if (e.operator === 'In') return e.values?.includes(labels[e.key] ?? '\u0000') ?? false;
    throw new Error(`selector operator ${e.operator} not handled by the test`);
  });
  return byLabels && byExpressions;
}
