-- Decision 0058: the W3C trace context of the span that wrote the event (NULL while tracing is off).
ALTER TABLE "outbox_event" ADD COLUMN "traceparent" TEXT;
