-- CreateTable
CREATE TABLE "sign_in_throttle" (
    "account_key" TEXT NOT NULL,
    "window_started_at" TIMESTAMPTZ(3) NOT NULL,
    "failures" INTEGER NOT NULL,

    CONSTRAINT "sign_in_throttle_pkey" PRIMARY KEY ("account_key")
);
