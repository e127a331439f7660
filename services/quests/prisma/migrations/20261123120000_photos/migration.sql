-- Uploaded proof photos: who owns each (only the owner may attach it to a to-do or get a link to it)
-- and where its re-encoded bytes are stored (the storage key in the configured PhotoStore).
CREATE TABLE "photo" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "storage_key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "photo_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "photo_storage_key_key" UNIQUE ("storage_key")
);
CREATE INDEX "photo_user_id_created_at_idx" ON "photo"("user_id", "created_at");
