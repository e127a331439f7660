-- Issue 25, part A (decision 0053): push subscriptions per device and the push queue.

-- One row per device: a browser's Web Push subscription (platform 'web': endpoint + keys) or an iOS
-- APNs device token (platform 'ios': the hex token in "endpoint", no keys). A device belongs to the
-- account that subscribed it last (a shared browser signs in as someone else): unique per device.
CREATE TABLE "push_subscription" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "platform" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT,
    "auth" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "push_subscription_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "push_subscription_platform_check" CHECK (
        ("platform" = 'web' AND "p256dh" IS NOT NULL AND "auth" IS NOT NULL)
        OR ("platform" = 'ios' AND "endpoint" ~ '^[0-9a-f]{64,200}$' AND "p256dh" IS NULL AND "auth" IS NULL)
    )
);

ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE UNIQUE INDEX "push_subscription_platform_endpoint_key" ON "push_subscription"("platform", "endpoint");
CREATE INDEX "push_subscription_user_id_idx" ON "push_subscription"("user_id");

-- Pushes waiting to go: one row per (notification, device). A dispatcher leases a row by moving
-- "next_attempt_at" forward while it sends and deletes it once the push service has answered; a
-- crashed dispatcher's lease runs out and another sends it. Quiet hours move "next_attempt_at" too.
CREATE TABLE "push_delivery" (
    "notification_id" UUID NOT NULL,
    "subscription_id" UUID NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "push_delivery_pkey" PRIMARY KEY ("notification_id", "subscription_id")
);

ALTER TABLE "push_delivery" ADD CONSTRAINT "push_delivery_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "notification"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "push_delivery" ADD CONSTRAINT "push_delivery_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "push_subscription"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "push_delivery_next_attempt_at_idx" ON "push_delivery"("next_attempt_at");

-- The VAPID key pair of the embedded default (no VAPID_* in the environment): made once by the
-- first replica that starts, read by the others. The private key is encrypted when
-- SIGNING_KEY_ENCRYPTION_KEY is set.
CREATE TABLE "vapid_key" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "public_key" TEXT NOT NULL,
    "private_key" TEXT NOT NULL,
    "encrypted" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vapid_key_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "vapid_key_one_row" CHECK ("id" = 1)
);

-- Every notification added to the centre (by the scheduler's tick or an event's consumer) is
-- queued for push in the same statement when its user has a device and the push channel on
-- (decision 0053): the callers stay as they are, and a rolled-back notification queues nothing.
-- Statement-level, over the rows actually inserted (ON CONFLICT DO NOTHING leaves them out), so a
-- 50,000-row tick batch costs one join. NOTIFY wakes the dispatchers when the transaction commits.
CREATE FUNCTION "push_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "identity"."push_delivery" ("notification_id", "subscription_id", "next_attempt_at")
    SELECT a."id", s."id", a."created_at"
      FROM added a
      JOIN "identity"."push_subscription" s ON s."user_id" = a."user_id"
     WHERE NOT EXISTS (SELECT 1 FROM "identity"."notification_preferences" p
                        WHERE p."user_id" = a."user_id" AND NOT p."channel_push");
    IF FOUND THEN
        PERFORM pg_notify('identity_push', '');
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "notification_push_enqueue"
    AFTER INSERT ON "notification"
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION "push_enqueue"();
