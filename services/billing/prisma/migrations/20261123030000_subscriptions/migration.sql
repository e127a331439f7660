-- The entitlement in the spec's shape, with a per-user version for billing.entitlement.changed.v1.
ALTER TABLE "entitlement" RENAME COLUMN "is_pro" TO "is_active";
ALTER TABLE "entitlement" RENAME COLUMN "expires_at" TO "expiration_date";
ALTER TABLE "entitlement" ADD COLUMN "will_renew" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "version" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "entitlement" ALTER COLUMN "source" SET DEFAULT 'unknown';
UPDATE "entitlement" SET "source" = 'unknown' WHERE "source" NOT IN ('stripe', 'revenuecat', 'database');

-- CreateTable
CREATE TABLE "subscription" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "external_id" TEXT NOT NULL,
    "product_id" TEXT,
    "status" TEXT NOT NULL,
    "entitled" BOOLEAN NOT NULL,
    "access_until" TIMESTAMPTZ(3),
    "will_renew" BOOLEAN NOT NULL,
    "state_at" TIMESTAMPTZ(3) NOT NULL,
    "granted_by" TEXT,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscription_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "subscription_source_external_id_key" ON "subscription"("source", "external_id");
CREATE INDEX "subscription_user_id_idx" ON "subscription"("user_id");

-- CreateTable
CREATE TABLE "stripe_customer" (
    "user_id" UUID NOT NULL,
    "customer_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_customer_pkey" PRIMARY KEY ("user_id")
);
CREATE UNIQUE INDEX "stripe_customer_customer_id_key" ON "stripe_customer"("customer_id");

-- CreateTable
CREATE TABLE "webhook_event" (
    "provider" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "lease_until" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_event_pkey" PRIMARY KEY ("provider","event_id")
);
CREATE INDEX "webhook_event_processed_at_received_at_idx" ON "webhook_event"("processed_at", "received_at");

-- CreateTable
CREATE TABLE "local_stripe_object" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "local_stripe_object_pkey" PRIMARY KEY ("id")
);

-- The expiry sweep's lookup: active entitlements past their end.
CREATE INDEX "entitlement_is_active_expiration_date_idx" ON "entitlement"("is_active", "expiration_date");
