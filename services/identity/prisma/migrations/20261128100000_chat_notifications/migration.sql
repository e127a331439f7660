-- Chat messages notify (issue 25 point 5; decision 0056): a `chat_message` kind, and the batch of a
-- sender's unread messages ("3 new messages from Ana") the consumer joins within 10 minutes.
ALTER TABLE "notification" DROP CONSTRAINT "notification_kind_check";
ALTER TABLE "notification" ADD CONSTRAINT "notification_kind_check" CHECK ("kind" IN ('challenge_reminder', 'streak_at_risk', 'weekly_announcement', 'pod_activity', 'friend_request', 'friend_accepted', 'chat_message'));

CREATE TABLE "chat_notification_batch" (
    "notification_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "sender_id" UUID NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "first_at" TIMESTAMPTZ(3) NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chat_notification_batch_pkey" PRIMARY KEY ("notification_id")
);
ALTER TABLE "chat_notification_batch" ADD CONSTRAINT "chat_notification_batch_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "notification"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "chat_notification_batch_user_id_sender_id_first_at_idx" ON "chat_notification_batch"("user_id", "sender_id", "first_at" DESC);

-- Read model of pods.chat.read.v1: how far the user read a friend's messages. Marks the chat items
-- read, and keeps a message event arriving after its read event from adding an unread item.
CREATE TABLE "notify_chat_read" (
    "user_id" UUID NOT NULL,
    "friend_id" UUID NOT NULL,
    "read_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notify_chat_read_pkey" PRIMARY KEY ("user_id", "friend_id")
);
ALTER TABLE "notify_chat_read" ADD CONSTRAINT "notify_chat_read_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
