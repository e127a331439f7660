-- Chat between friends (issue 10 point 9).

-- One row per message. The pair (user_low < user_high) names the conversation; created_at comes from
-- clock_timestamp() so the per-sender rate limit (counted under an advisory lock) sees real times.
CREATE TABLE "pods"."chat_message" (
    "id" UUID NOT NULL,
    "sender_id" UUID NOT NULL,
    "recipient_id" UUID NOT NULL,
    "user_low" UUID NOT NULL,
    "user_high" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp(),
    "read_at" TIMESTAMPTZ(3),
    CONSTRAINT "chat_message_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "chat_message_pair" CHECK ("user_low" < "user_high"
      AND "user_low" IN ("sender_id", "recipient_id") AND "user_high" IN ("sender_id", "recipient_id")),
    CONSTRAINT "chat_message_body_length" CHECK (char_length("body") BETWEEN 1 AND 1000)
);
-- The history, newest first, paged by (created_at, id).
CREATE INDEX "chat_message_pair_created_at_idx" ON "pods"."chat_message" ("user_low", "user_high", "created_at" DESC, "id" DESC);
-- The rate limit: a sender's messages in the last seconds.
CREATE INDEX "chat_message_sender_created_at_idx" ON "pods"."chat_message" ("sender_id", "created_at");
-- Unread counts per friend.
CREATE INDEX "chat_message_unread_idx" ON "pods"."chat_message" ("recipient_id", "sender_id") WHERE "read_at" IS NULL;

-- Stream tickets now name what they open: a pod's stream, all the user's pods, or the user's chats.
ALTER TABLE "pods"."stream_ticket" ADD COLUMN "scope" TEXT NOT NULL DEFAULT 'pods';
ALTER TABLE "pods"."stream_ticket" ADD CONSTRAINT "stream_ticket_scope_known" CHECK ("scope" IN ('pods', 'chats'));
