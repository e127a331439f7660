-- Accounts made through Google sign-in have no password until a password reset sets one.
ALTER TABLE "user" ALTER COLUMN "password_hash" DROP NOT NULL;

-- CreateTable
CREATE TABLE "external_identity" (
    "provider" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "external_identity_pkey" PRIMARY KEY ("provider","subject")
);

-- CreateIndex
CREATE INDEX "external_identity_user_id_idx" ON "external_identity"("user_id");

-- AddForeignKey
ALTER TABLE "external_identity" ADD CONSTRAINT "external_identity_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "oidc_login_attempt" (
    "state_hash" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "code_verifier" TEXT NOT NULL,
    "return_to" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oidc_login_attempt_pkey" PRIMARY KEY ("state_hash")
);

-- CreateIndex
CREATE INDEX "oidc_login_attempt_expires_at_idx" ON "oidc_login_attempt"("expires_at");
