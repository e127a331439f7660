// Helpers for tests only: never imported by code that ships (lint keeps services' src/ away).
export { startTestIssuer, type SignOptions, type TestIssuer } from './test-issuer';
export { startOidcTestProvider, type OidcTestAccount, type OidcTestProvider, type OidcTestProviderOptions } from './oidc-provider';
// startTestS3Server is '@vere/test-kit/s3': s3rver takes seconds to import, so only its users pay for it.
