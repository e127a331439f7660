export { AreaNotFound } from './area-not-found';
export { mountStandalone } from './standalone';
export { useSignOut } from './use-sign-out';
export { USERNAME_TAKEN_MESSAGE, useUsernameCheck } from './use-username-check';
export type { UsernameCheck } from './use-username-check';
export { START_TOUR_EVENT, requestTour } from './tours';
export type { TourName } from './tours';
export { useEntitlement } from './use-entitlement';
export { createAppQueryClient } from './query-client';
export { PROGRESS_PATH, progressQueryKey, progressQueryOptions, usePlayerProgress } from './use-progress';
export { MY_PODS_PATH, getMyPods, myPodsQueryKey, myPodsQueryOptions, useMyPods } from './use-my-pods';
export { APP_EVENT_NAMES, dispatchAppEvent, useAppEvent } from './app-events';
export type { AppEventDetails, AppEventName } from './app-events';
export { LIVE_BACKOFF, reconnectDelay } from './live/backoff';
export type { BackoffPolicy } from './live/backoff';
export { openLiveStream } from './live/live-stream';
export type { EventSourceLike, LiveStream, LiveStreamOptions } from './live/live-stream';
export { HIDDEN_CLOSE_MS, isFatalStreamError, usePodEvents } from './live/use-pod-events';
export type {
  PodEventHandlers,
  PodEventsScope,
  PodFeedMessage,
  PodLogAddedMessage,
  PodNudgedMessage,
  PodPlaybookMessage,
  PodStreakMessage,
} from './live/use-pod-events';
export * from './upload-photo';
export {
  PUSH_PROMPT_KEY,
  PUSH_PROMPT_SNOOZE_MS,
  disablePush,
  enablePush,
  mayAskForPush,
  pushState,
  pushSupported,
  rememberPushAnswer,
  syncPush,
} from './push';
export type { PushState } from './push';
export { useRetryableLazy } from './use-retryable-lazy';
