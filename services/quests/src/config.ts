// quests needs nothing beyond what every token-verifying service reads (add its own variables here).
export {
  VerifierEnv as QuestsEnv,
  verifierConfig as questsConfig,
  type VerifierConfig as QuestsConfig,
} from '@vere/service-kit';
