import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; they run at server start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./app/db/migrations",
});
