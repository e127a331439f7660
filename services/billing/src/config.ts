// billing needs nothing beyond what every token-verifying service reads (add its own variables here).
export {
  VerifierEnv as BillingEnv,
  verifierConfig as billingConfig,
  type VerifierConfig as BillingConfig,
} from '@vere/service-kit';
