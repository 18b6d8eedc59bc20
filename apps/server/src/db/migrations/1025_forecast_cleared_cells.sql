-- Issue 31 item 3 (DESIGN.md §14): clearing an entered forecast (ForecastClient/Save with Forecast
-- null) keeps the cell's row with a null amount instead of deleting it, so its version keeps counting
-- (DESIGN.md §13): a delete and a later insert would start again at 1, and a grid still holding the
-- old version 1 could then overwrite the new forecast unseen. A null amount: no forecast entered, the
-- month forecasts its Budget.
ALTER TABLE budget_item_forecasts ALTER COLUMN amount_cents DROP NOT NULL;
