-- A role carried in access tokens (the `role` claim): 'admin' manages the weekly challenge
-- catalogue (issue 9). Null for everyone else. Granted by an operator: npm run admin -- grant <email>.
ALTER TABLE "user" ADD COLUMN "role" TEXT,
ADD CONSTRAINT "user_role" CHECK ("role" IS NULL OR "role" IN ('admin'));
