-- The by-key read: a player's progress row by user id (services/quests players-repository totalXpOf/contextOf).
SELECT total_xp AS "totalXp", time_zone AS "timeZone" FROM quests.player WHERE user_id = $1
