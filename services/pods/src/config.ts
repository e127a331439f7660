// pods needs nothing beyond what every token-verifying service reads (add its own variables here).
export {
  VerifierEnv as PodsEnv,
  verifierConfig as podsConfig,
  type VerifierConfig as PodsConfig,
} from '@vere/service-kit';
