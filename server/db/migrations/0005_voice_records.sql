ALTER TABLE "messages" ADD COLUMN "interrupted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "stages" jsonb;--> statement-breakpoint
ALTER TABLE "voice_audio" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "voice_audio" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "voice_audio" ADD CONSTRAINT "voice_audio_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_audio_message_idx" ON "voice_audio" USING btree ("message_id");