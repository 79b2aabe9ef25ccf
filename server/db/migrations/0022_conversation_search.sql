CREATE INDEX "conversations_list_idx" ON "conversations" USING btree ("user_id","kind","pinned","updated_at");--> statement-breakpoint
CREATE INDEX "conversations_title_trigram_idx" ON "conversations" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_content_trigram_idx" ON "messages" USING gin ("content" gin_trgm_ops);