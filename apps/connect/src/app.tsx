import '@vere/web-ui/styles.css';
import { useState } from 'react';
import { Route, Routes } from '@vere/web-router';
import { QueryClientProvider } from '@vere/web-query';
import { ConnectHub } from './pages/connect-hub';
import { PodPage } from './pages/pod-page';
import { JoinPodPage } from './pages/join-pod-page';
import { CreatePodPage } from './pages/create-pod-page';
import { ChatPage } from './pages/chat-page';
import { FriendsPage } from './pages/friends-page';
import { AreaNotFound, createAppQueryClient } from '@vere/web-kit';
import './connect.css';

/** Exposed as `connect/App`. Paths are relative to the shell's catch-all route, i.e. to `/`. */
export default function ConnectApp() {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <div data-remote="connect" className="cn-root">
        <Routes>
          <Route path="connect" element={<ConnectHub />} />
          <Route path="pods/:podId" element={<PodPage />} />
          <Route path="join/:code" element={<JoinPodPage />} />
          <Route path="create-pod" element={<CreatePodPage />} />
          <Route path="chat/:friendId" element={<ChatPage />} />
          <Route path="friends" element={<FriendsPage />} />
          <Route
            path="*"
            element={
              <AreaNotFound
                description="We couldn't find that page in Connect."
                backTo="/connect"
                backLabel="Back to Connect"
              />
            }
          />
        </Routes>
      </div>
    </QueryClientProvider>
  );
}
