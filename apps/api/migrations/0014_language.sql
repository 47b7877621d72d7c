-- Bangla: each person's language and digits follow them to every device, and an e-mail
-- records the language it was written in (its Content-Language when sent).
ALTER TABLE users ADD COLUMN locale text CHECK (locale IN ('en', 'bn'));
ALTER TABLE users ADD COLUMN latin_digits boolean NOT NULL DEFAULT false;
ALTER TABLE outbox ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'bn'));
