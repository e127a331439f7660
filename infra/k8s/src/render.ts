// npm run -s k8s:render [-- <variant>] [-- --nats-values | --ingress-nginx-values | --write-helm-values]
// Prints the variant (default: production) as one YAML stream, or the Helm values that go with it;
// --write-helm-values rewrites infra/k8s/helm/ (the same values as files, checked by the tests).
import { writeFileSync } from 'node:fs';
import { helmValuesFiles, renderIngressNginxValues, renderNatsValues, renderYaml } from './app';
import { VARIANT_NAMES, type VariantName } from './variants';

const args = process.argv.slice(2);
const variant = (args.find((a) => !a.startsWith('--')) ?? 'production') as VariantName;
if (!VARIANT_NAMES.includes(variant)) {
  process.stderr.write(`Unknown variant "${variant}": one of ${VARIANT_NAMES.join(', ')}\n`);
  process.exit(2);
}
if (args.includes('--write-helm-values')) {
  for (const [file, text] of Object.entries(helmValuesFiles()))
    writeFileSync(new URL(`../${file}`, import.meta.url), text);
} else if (args.includes('--nats-values')) process.stdout.write(renderNatsValues(variant));
else if (args.includes('--ingress-nginx-values')) process.stdout.write(renderIngressNginxValues());
else process.stdout.write(renderYaml(variant));
