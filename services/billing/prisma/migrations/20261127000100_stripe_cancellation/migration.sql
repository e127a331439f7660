-- CreateTable
CREATE TABLE "stripe_cancellation" (
    "subscription_id" TEXT NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,

    CONSTRAINT "stripe_cancellation_pkey" PRIMARY KEY ("subscription_id")
);

-- CreateIndex
CREATE INDEX "stripe_cancellation_next_attempt_at_idx" ON "stripe_cancellation"("next_attempt_at");
