// Loaded with --import before prerender/auth.tsx runs: a stylesheet import (`import './auth.css'`)
// becomes an empty module in Node. The page links the built stylesheets itself.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        if (/\\.css$/.test(specifier)) return { url: 'data:text/javascript,export default {}', shortCircuit: true };
        return next(specifier, context);
      }`),
);
