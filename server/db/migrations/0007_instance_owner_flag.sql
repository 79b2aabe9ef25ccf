CREATE TABLE "instance" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"owner_claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instance_one_row" CHECK ("instance"."id" = 1)
);
--> statement-breakpoint
-- An instance upgraded with accounts in it has had its owner: its first account was made admin.
INSERT INTO "instance" ("id", "owner_claimed_at") SELECT 1, now() WHERE EXISTS (SELECT 1 FROM "users");
