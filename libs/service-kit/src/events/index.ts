export type {
  ConsumerLag,
  Delivery,
  DomainEvent,
  EventBus,
  EventHandler,
  EventLogger,
  EventMeta,
  SubscribeOptions,
  Subscription,
} from './types';
export { deadLetterSubject, streamFor } from './types';
export {
  DEFAULT_BACKOFF_MS,
  DEFAULT_DEDUPE_WINDOW_MS,
  DEFAULT_HANDLER_TIMEOUT_MS,
  DEFAULT_MAX_DELIVER,
  HandlerTimeoutError,
  classifyFailure,
} from './policy';
export type { FailureKind } from './policy';
export { EVENTS_SCHEMA, deadLetterStore } from './dead-letters';
export type { DeadLetterFilter, DeadLetterStore } from './dead-letters';
export { createInProcessEventBus } from './in-process-bus';
export type { DeadLetter, InProcessEventBus, InProcessEventBusOptions } from './in-process-bus';
export { DEAD_LETTER_STREAM, createNatsEventBus, natsDeadLetterStore } from './nats-bus';
export type { NatsEventBusOptions } from './nats-bus';
export { OutboxPublishError, OutboxRelay, newEvent } from './outbox';
export type { JsonObject, JsonValue, OutboxRecord, OutboxRelayOptions, OutboxStats } from './outbox';
export { idempotent } from './inbox';
export type { IdempotentOptions } from './inbox';
