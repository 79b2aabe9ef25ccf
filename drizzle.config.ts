import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/db/schema.ts", "./server/db/schema-usage.ts", "./server/db/schema-knowledge.ts"],
  out: "./server/db/migrations",
});
