// Prints the nginx map that picks each answer's Content-Security-Policy (included in nginx.conf's
// http block): the app's (same policy as the local edge: libs/web-build/src/csp.mjs, computed from
// the built shell's index.html) for pages and the service worker ($vere_page), none for scripts and
// stylesheets served (shown as text when opened; decision 0071), the short one (SHORT_POLICY in
// infra/local/src/edge.ts) for every other file. The first matching line wins.
// Usage: node infra/docker/write-csp.mjs apps/shell/dist/index.html > csp.conf
import { readFileSync } from 'node:fs';
import { contentSecurityPolicy } from '@vere/web-build/csp';

const indexHtml = readFileSync(process.argv[2] ?? 'apps/shell/dist/index.html', 'utf8');
process.stdout.write(
  `map "$vere_page|$status|$uri" $vere_csp {\n    "~^1\\|"                    "${contentSecurityPolicy(indexHtml)}";\n    "~^\\|200\\|.*\\.(m?js|css)$"  "";\n    default                     "default-src 'none'; frame-ancestors 'none'";\n}\n`,
);
