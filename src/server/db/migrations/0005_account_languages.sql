-- Languages (docs/decisions/0010-languages.md): every account gets one, English for those that
-- exist. A notification now keeps what happened (kind, params) and is written in its reader's
-- language when read; rows from before keep their English title and body.
ALTER TABLE "notifications" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" "order_event_kind";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_text_check" CHECK ("notifications"."kind" is not null or ("notifications"."title" is not null and "notifications"."body" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en', 'fr', 'ar'));
