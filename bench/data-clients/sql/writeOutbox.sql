-- The small transaction's second statement: the event, written as service-kit's writeOutbox does.
INSERT INTO quests.outbox_event (id, subject, payload, occurred_at) VALUES ($1::uuid, $2, $3::jsonb, $4::timestamptz)
