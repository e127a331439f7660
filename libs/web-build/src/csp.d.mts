/** The Content-Security-Policy header value for the built app (see csp.mjs). */
export function contentSecurityPolicy(indexHtml: string): string;
