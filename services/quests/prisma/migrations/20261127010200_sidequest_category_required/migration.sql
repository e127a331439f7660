-- Every card has a category from here on (libs/domain SIDEQUEST_CATEGORIES). A card an operator
-- added by hand before categories existed is filed under "mind" until they choose better.
UPDATE "sidequest" SET "category" = 'mind' WHERE "category" IS NULL;
ALTER TABLE "sidequest" ALTER COLUMN "category" SET NOT NULL;
ALTER TABLE "sidequest" ADD CONSTRAINT "sidequest_category"
    CHECK ("category" IN ('social', 'body', 'mind', 'creativity', 'home', 'nature', 'courage'));
