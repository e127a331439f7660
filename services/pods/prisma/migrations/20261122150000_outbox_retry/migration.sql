-- AlterTable
ALTER TABLE "outbox_event" ADD COLUMN     "failed_at" TIMESTAMPTZ(3),
ADD COLUMN     "next_attempt_at" TIMESTAMPTZ(3);
