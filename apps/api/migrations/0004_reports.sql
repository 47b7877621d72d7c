-- Dashboard and history read the ledger directly (indexes in 0000_core); the daily totals
-- they keep arrived later, in 0006_ledger_daily.
SELECT 1;
