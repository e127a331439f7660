-- CreateTable
CREATE TABLE "erased_user" (
    "user_id" UUID NOT NULL,
    "erased_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "erased_user_pkey" PRIMARY KEY ("user_id")
);
