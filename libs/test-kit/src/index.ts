// Helpers for tests only: never imported by code that ships (lint keeps services' src/ away).
export { startTestIssuer, type SignOptions, type TestIssuer } from './test-issuer';
export {
  startOidcTestProvider,
  type OidcTestAccount,
  type OidcTestProvider,
  type OidcTestProviderOptions,
} from './oidc-provider';
export {
  startServiceHarness,
  testClock,
  testLogger,
  type Call,
  type HarnessBus,
  type HarnessService,
  type InjectTarget,
  type ServiceHarness,
  type ServiceHarnessContext,
  type ServiceHarnessOptions,
  type TestClock,
} from './service-harness';
export {
  changeEntitlement,
  deleteUser,
  entitlementChanged,
  profileUpdated,
  registerUser,
  updateProfile,
  userDeleted,
  userRegistered,
  type EntitlementFields,
  type ProfileFields,
  type RegisteredFields,
  type TestEvent,
  type TestEventBus,
} from './peer-events';
export {
  decryptWebPush,
  startPushServiceStandIn,
  type PushServiceStandIn,
  type ReceivedPush,
  type StandInSubscription,
} from './push-service';
// startTestS3Server is '@vere/test-kit/s3': s3rver takes seconds to import, so only its users pay for it.
