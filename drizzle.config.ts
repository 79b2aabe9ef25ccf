import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./server/db/schema.ts",
    "./server/db/schema-usage.ts",
    "./server/db/schema-knowledge.ts",
    "./server/db/schema-records.ts",
  ],
  out: "./server/db/migrations",
});
