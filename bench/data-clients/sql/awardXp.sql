-- The small transaction's first statement: quests' XP award (xp-repository awardXp).
UPDATE quests.player SET total_xp = total_xp + $2, updated_at = now() WHERE user_id = $1 RETURNING total_xp AS "totalXp"
