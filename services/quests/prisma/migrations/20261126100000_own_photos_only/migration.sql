-- Only photos Vere serves itself are shown (decision 0035). It serves no profile photos yet, so every
-- link kept so far points at another site, which every viewer's browser would load: forget them.
UPDATE "quests"."player" SET "photo_url" = NULL WHERE "photo_url" IS NOT NULL;
