-- AlterTable
ALTER TABLE "oidc_login_attempt" ADD COLUMN "app_redirect" TEXT;

-- CreateTable
CREATE TABLE "oidc_app_code" (
    "code_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oidc_app_code_pkey" PRIMARY KEY ("code_hash")
);

-- CreateIndex
CREATE INDEX "oidc_app_code_expires_at_idx" ON "oidc_app_code"("expires_at");

-- CreateIndex
CREATE INDEX "oidc_app_code_user_id_idx" ON "oidc_app_code"("user_id");

-- AddForeignKey
ALTER TABLE "oidc_app_code" ADD CONSTRAINT "oidc_app_code_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
