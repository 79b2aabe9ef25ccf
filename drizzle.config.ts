import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./server/db/schema.ts",
    "./server/db/schema-usage.ts",
    "./server/db/schema-knowledge.ts",
    "./server/db/schema-records.ts",
    "./server/db/schema-outcomes.ts",
    "./server/db/schema-tools.ts",
    "./server/db/schema-publishing.ts",
    "./server/db/schema-takeover.ts",
    "./server/db/schema-api-keys.ts",
  ],
  out: "./server/db/migrations",
});
