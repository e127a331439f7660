import '@vere/web-ui/styles.css';
import { useState } from 'react';
import { Route, Routes } from '@vere/web-router';
import { QueryClientProvider } from '@vere/web-query';
import { SettingsPage } from './pages/settings-page';
import { WeeklyAdminPage } from './pages/weekly-admin-page';
import { ProfilePage } from './pages/profile-page';
import { ProPage } from './pages/pro-page';
import { ProHubPage } from './pages/pro-hub-page';
import { PaymentPage } from './pages/payment-page';
import { SubscriptionPage } from './pages/subscription-page';
import { SubscriptionSuccessPage } from './pages/subscription-success-page';
import { AreaNotFound, createAppQueryClient } from '@vere/web-kit';
import './account.css';

/** Exposed as `account/App`. Paths are relative to the shell's catch-all route, i.e. to `/`. */
export default function AccountApp() {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <div data-remote="account" className="ac-root">
        <Routes>
          <Route path="settings" element={<SettingsPage />} />
          <Route path="settings/admin" element={<WeeklyAdminPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="pro" element={<ProPage />} />
          <Route path="vere-pro" element={<ProPage upgrade />} />
          {/* Pro-only: the shell's Pro guard sends everyone else to /pro first. */}
          <Route path="pro-hub" element={<ProHubPage section="hub" />} />
          <Route path="pro/challenges" element={<ProHubPage section="challenges" />} />
          <Route path="payment" element={<PaymentPage />} />
          <Route path="subscription" element={<SubscriptionPage />} />
          <Route path="subscription-success" element={<SubscriptionSuccessPage />} />
          <Route
            path="*"
            element={
              <AreaNotFound
                description="We couldn't find that page in your account."
                backTo="/settings"
                backLabel="Back to Settings"
              />
            }
          />
        </Routes>
      </div>
    </QueryClientProvider>
  );
}
