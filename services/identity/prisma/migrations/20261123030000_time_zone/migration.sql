-- The user's IANA time zone (limits reset at their local midnight; the weekend window is local).
-- Validated by the service against Intl's zone list; null for accounts made before it was kept.
ALTER TABLE "user" ADD COLUMN "time_zone" TEXT;
