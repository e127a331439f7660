import { runStandalone } from '@vere/service-kit';
import { BillingEnv, billingConfig } from './config';
import { createBillingService } from './service';

await runStandalone('billing', BillingEnv, (env, deps) => createBillingService(billingConfig(env), deps));
