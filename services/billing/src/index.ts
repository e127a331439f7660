export { BillingEnv, billingConfig, type BillingConfig } from './config';
export { createBillingService, type BillingServiceHandle } from './service';
export { openBillingAdmin, type BillingAdmin } from './admin';
