CREATE TABLE "knowledge_document_parts" (
	"document_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "knowledge_document_parts_document_id_part_pk" PRIMARY KEY("document_id","part")
);
--> statement-breakpoint
ALTER TABLE "knowledge_document_parts" ADD CONSTRAINT "knowledge_document_parts_document_id_knowledge_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."knowledge_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each stored file becomes its document's part 0 (decision 159: new files are written in parts).
INSERT INTO "knowledge_document_parts" ("document_id", "part", "bytes") SELECT "id", 0, "content" FROM "knowledge_documents";--> statement-breakpoint
ALTER TABLE "knowledge_documents" DROP COLUMN "content";