-- Invoices and credit notes (docs/decisions/0020-merchant-money.md, "Invoices"): the carrier's
-- fees to an organization for a month (Africa/Casablanca), numbered FA-<year>-<6 digits> and
-- AV-<year>-<6 digits> without a gap or a repeat, and never changed once issued. A credit note is
-- an `invoices` row of kind 'credit_note' against an invoice: one table, one list, one numbering
-- helper, one immutability rule.
CREATE TABLE "invoice_number_counters" (
	"kind" text NOT NULL CHECK ("kind" IN ('invoice', 'credit_note')),
	"year" integer NOT NULL,
	"last_number" integer NOT NULL CHECK ("last_number" > 0),
	CONSTRAINT "invoice_number_counters_pk" PRIMARY KEY ("kind", "year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('invoice', 'credit_note')),
	"number" text NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE restrict,
	-- The month invoiced (yyyy-MM); a credit note carries its invoice's.
	"month" text NOT NULL CHECK ("month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"credited_invoice_id" uuid REFERENCES "invoices"("id"),
	"reason" text,
	-- Who the document is made out to, and by whom, as they were when it was issued.
	"customer_name" text NOT NULL,
	"customer_address" text,
	"customer_ice" text,
	"carrier" jsonb NOT NULL,
	"vat_rate_percent" numeric(5, 2) NOT NULL CHECK ("vat_rate_percent" >= 0 AND "vat_rate_percent" <= 100),
	"total_ht_centimes" bigint NOT NULL,
	"total_vat_centimes" bigint NOT NULL,
	"total_ttc_centimes" bigint NOT NULL CHECK ("total_ttc_centimes" > 0),
	"line_count" integer NOT NULL,
	-- Null when the monthly job issued it.
	"issued_by_user_id" uuid REFERENCES "users"("id"),
	CONSTRAINT "invoices_totals_check" CHECK ("total_ht_centimes" + "total_vat_centimes" = "total_ttc_centimes"),
	CONSTRAINT "invoices_credit_note_check" CHECK (("kind" = 'credit_note') = ("credited_invoice_id" IS NOT NULL) AND ("kind" = 'invoice' OR "reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");
--> statement-breakpoint
-- One invoice per organization and month: a second issue finds it and answers it.
CREATE UNIQUE INDEX "invoices_organization_month_unique" ON "invoices" USING btree ("organization_id","month") WHERE "kind" = 'invoice';
--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "invoices_organization_issued_idx" ON "invoices" USING btree ("organization_id","issued_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "invoices_credited_invoice_idx" ON "invoices" USING btree ("credited_invoice_id") WHERE "credited_invoice_id" IS NOT NULL;
--> statement-breakpoint
-- No foreign key to orders, as for the ledger: a cascading TRUNCATE of orders must not reach
-- a table that refuses it.
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL REFERENCES "invoices"("id"),
	"position" integer NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('delivery_fee', 'cod_fee', 'credit')),
	"reference" text,
	"order_id" uuid,
	"quantity" integer NOT NULL CHECK ("quantity" > 0),
	"unit_ttc_centimes" bigint NOT NULL,
	"total_ttc_centimes" bigint NOT NULL,
	CONSTRAINT "invoice_lines_pk" PRIMARY KEY ("invoice_id","position")
);
--> statement-breakpoint
CREATE FUNCTION "refuse_invoice_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never changed or deleted: correct an invoice with a credit note (%)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_never_change" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "refuse_invoice_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_no_truncate" BEFORE TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_invoice_change"();
--> statement-breakpoint
CREATE TRIGGER "invoice_lines_never_change" BEFORE UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "refuse_invoice_change"();
--> statement-breakpoint
CREATE TRIGGER "invoice_lines_no_truncate" BEFORE TRUNCATE ON "invoice_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_invoice_change"();
--> statement-breakpoint
-- Which organizations had deliveries in a month: the invoicing run reads them from here.
CREATE INDEX "orders_delivered_date_idx" ON "orders" USING btree ("delivery_date","organization_id") WHERE "status" = 'DELIVERED';
