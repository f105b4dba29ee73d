-- Retries that the attempt log kept pending (before the outbox) move into the outbox, so an
-- upgrade loses none of them; the log's own columns for it are dropped next.
INSERT INTO "webhook_outbox" ("endpoint_id", "message_id", "event", "body", "attempts", "next_attempt_at")
SELECT DISTINCT ON ("endpoint_id", "message_id") "endpoint_id", "message_id", "event", "body", "attempt", "next_attempt_at"
FROM "webhook_deliveries"
WHERE "next_attempt_at" IS NOT NULL AND "body" IS NOT NULL
ORDER BY "endpoint_id", "message_id", "attempt" DESC
ON CONFLICT DO NOTHING;
