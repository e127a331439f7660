// Prints the nginx directive that sends the app's Content-Security-Policy (same policy as the
// local edge: libs/web-build/src/csp.mjs), computed from the built shell's index.html.
// Usage: node infra/docker/write-csp.mjs apps/shell/dist/index.html > csp.conf
import { readFileSync } from 'node:fs';
import { contentSecurityPolicy } from '@vere/web-build/csp';

const indexHtml = readFileSync(process.argv[2] ?? 'apps/shell/dist/index.html', 'utf8');
process.stdout.write(`add_header Content-Security-Policy "${contentSecurityPolicy(indexHtml)}" always;\n`);
