-- An imported order names its spreadsheet row (docs/decisions/0021-shippers-api.md, "Imports"):
-- a confirmation that failed half-way and is tried again skips the rows already placed, and the
-- database refuses a second order for one row of one import.
ALTER TABLE "orders" ADD COLUMN "import_row" integer;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_import_row_unique" ON "orders" ("import_id", "import_row") WHERE "import_id" IS NOT NULL;
