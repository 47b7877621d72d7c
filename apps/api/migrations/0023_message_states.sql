-- Honest message states (docs/decisions.md, "Messages"): with no SMS service connected a
-- message is `unsent` ("Not sent: no SMS service", to be sent by hand), never `delivered`;
-- the store's payment number (bKash, Nagad…) can be put into its message texts.
ALTER TABLE message_outbox DROP CONSTRAINT IF EXISTS message_outbox_status_check;
ALTER TABLE message_outbox ADD CONSTRAINT message_outbox_status_check
  CHECK (status IN ('queued', 'sent', 'delivered', 'failed', 'capped', 'unsent'));

-- What the capture gateway marked delivered was never sent: say so.
UPDATE message_outbox SET status = 'unsent', delivered_at = NULL, sent_at = NULL
 WHERE gateway = 'capture' AND status IN ('sent', 'delivered');

ALTER TABLE message_settings ADD COLUMN payment_number text
  CHECK (payment_number ~ '^\+8801[3-9][0-9]{8}$');
