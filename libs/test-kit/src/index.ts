// Helpers for tests only: never imported by code that ships (lint keeps services' src/ away).
export { startTestIssuer, type SignOptions, type TestIssuer } from './test-issuer';
export { startOidcTestProvider, type OidcTestAccount, type OidcTestProvider, type OidcTestProviderOptions } from './oidc-provider';
export { startTestS3Server, type TestS3Server } from './s3-server';
