export { BillingEnv, billingConfig, type BillingConfig } from './config';
export { createBillingService } from './service';
