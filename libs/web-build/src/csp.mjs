import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy for the built app, derived from the shell's index.html: everything
 * from our own origin, plus exactly the inline scripts index.html carries (by hash — the tiny theme
 * script that avoids a flash of the wrong theme). Styles allow inline attributes (React `style`).
 */
export function contentSecurityPolicy(indexHtml) {
  const inlineScripts = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const hashes = inlineScripts.map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // Profile photos are links to HTTPS images elsewhere (validated by identity); drawn avatars are data: URIs.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
