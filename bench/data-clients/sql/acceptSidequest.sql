-- quests' accept hot path: check and count the swipe and add the to-do in one statement
-- (services/quests/src/repositories/deck-repository.ts ACCEPT_SQL, to-do columns expanded).
WITH sq AS (
  SELECT id, type, title, description, xp FROM quests.sidequest WHERE id = $2
), ok AS (
  SELECT * FROM sq WHERE type = 'daily' OR $6::boolean
), u AS (
  INSERT INTO quests.daily_usage AS d (user_id, date, swipes_used, weekend_swipes_used, updated_at)
  SELECT $1, $3::date, (ok.type = 'daily')::int, (ok.type = 'weekend')::int, $4 FROM ok
  ON CONFLICT (user_id, date) DO UPDATE SET
    swipes_used = d.swipes_used + EXCLUDED.swipes_used,
    weekend_swipes_used = d.weekend_swipes_used + EXCLUDED.weekend_swipes_used,
    updated_at = EXCLUDED.updated_at
  WHERE (EXCLUDED.swipes_used = 1 AND d.swipes_used < $5) OR (EXCLUDED.weekend_swipes_used = 1 AND d.weekend_swipes_used < $5)
  RETURNING swipes_used, skips_used, weekend_swipes_used, weekend_skips_used
), t AS (
  INSERT INTO quests.todo (id, user_id, sidequest_id, type, title, description, xp_reward, created_at, created_date, due_at, due_date, updated_at)
  SELECT gen_random_uuid(), $1, ok.id, ok.type || '_sidequest', ok.title, ok.description, ok.xp, $4, $3::date, $7, $8::date, $4
  FROM ok, u
  RETURNING id, user_id AS "userId", sidequest_id AS "sidequestId", type, title, description, status,
    xp_reward AS "xpReward", created_at AS "createdAt", created_date::text AS "createdDate", due_at AS "dueAt",
    due_date::text AS "dueDate", completed_at AS "completedAt", completed_date::text AS "completedDate",
    proof_text AS "proofText", proof_photo_id AS "proofPhotoId"
)
SELECT (SELECT type FROM sq) AS "sidequestType", (SELECT row_to_json(u) FROM u) AS usage, (SELECT row_to_json(t) FROM t) AS todo
