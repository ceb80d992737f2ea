-- A webhook endpoint's note, so an owner with several tells them apart (docs/decisions/0021-shippers-api.md).
ALTER TABLE "webhook_endpoints" ADD COLUMN "description" text CHECK ("description" IS NULL OR length("description") <= 200);
