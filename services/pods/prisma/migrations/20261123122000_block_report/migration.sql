-- Reports of a user, a pod log entry or (later) a chat message, kept for review. One per reporter
-- and item; the reported item is hidden from the reporter.
CREATE TABLE "report" (
    "id" UUID NOT NULL,
    "reporter_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "target_id" UUID NOT NULL,
    -- Who the item is by (the user for a user report), and the pod of a log entry: kept for the reviewer.
    "reported_user_id" UUID,
    "pod_id" UUID,
    "reason" TEXT NOT NULL,
    "details" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "report_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "report_kind_known" CHECK ("kind" IN ('user', 'pod_log', 'chat_message')),
    CONSTRAINT "report_status_known" CHECK ("status" IN ('open', 'reviewed', 'dismissed'))
);
CREATE UNIQUE INDEX "report_reporter_id_kind_target_id_key" ON "report" ("reporter_id", "kind", "target_id");
CREATE INDEX "report_status_created_at_idx" ON "report" ("status", "created_at");

-- A user the viewer reported is hidden from the viewer, as is anyone across a block.
CREATE OR REPLACE FUNCTION "is_hidden"(viewer UUID, other UUID) RETURNS BOOLEAN LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM "pods"."user_block" b
    WHERE (b.blocker_id = viewer AND b.blocked_id = other) OR (b.blocker_id = other AND b.blocked_id = viewer)
  ) OR EXISTS (
    SELECT 1 FROM "pods"."report" r WHERE r.reporter_id = viewer AND r.kind = 'user' AND r.target_id = other
  )
$$;
