// npm run k8s:render [-- <variant>] [-- --nats-values | --ingress-nginx-values]
// Prints the variant (default: production) as one YAML stream, or the Helm values that go with it.
import { stringify } from 'yaml';
import { renderNatsValues, renderYaml } from './app';
import { ingressNginxValues } from './edge';
import { VARIANT_NAMES, type VariantName } from './variants';

const args = process.argv.slice(2);
const variant = (args.find((a) => !a.startsWith('--')) ?? 'production') as VariantName;
if (!VARIANT_NAMES.includes(variant)) {
  process.stderr.write(`Unknown variant "${variant}": one of ${VARIANT_NAMES.join(', ')}\n`);
  process.exit(2);
}
if (args.includes('--nats-values')) process.stdout.write(renderNatsValues(variant));
else if (args.includes('--ingress-nginx-values')) process.stdout.write(stringify(ingressNginxValues()));
else process.stdout.write(renderYaml(variant));
