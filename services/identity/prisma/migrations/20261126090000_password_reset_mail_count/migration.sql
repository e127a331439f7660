-- CreateTable
CREATE TABLE "password_reset_mail_count" (
    "user_id" UUID NOT NULL,
    "window_started_at" TIMESTAMPTZ(3) NOT NULL,
    "mails" INTEGER NOT NULL,

    CONSTRAINT "password_reset_mail_count_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "password_reset_mail_count" ADD CONSTRAINT "password_reset_mail_count_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
