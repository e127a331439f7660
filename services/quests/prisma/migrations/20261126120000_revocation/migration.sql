-- CreateTable
CREATE TABLE "revocation" (
    "kind" TEXT NOT NULL,
    "id" UUID NOT NULL,
    "revoked_at" TIMESTAMPTZ(3) NOT NULL,
    "seq" BIGSERIAL NOT NULL,

    CONSTRAINT "revocation_pkey" PRIMARY KEY ("kind","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "revocation_seq_key" ON "revocation"("seq");

-- CreateIndex
CREATE INDEX "revocation_revoked_at_idx" ON "revocation"("revoked_at");
