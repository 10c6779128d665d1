// Writes prisma/postgres/schema.prisma from the canonical SQLite schema: same models, provider "postgresql",
// client generated to lib/generated/postgres. Run by `npm run db:generate`.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const source = fs.readFileSync(path.join(root, "prisma/schema.prisma"), "utf8");
const pg = source
  .replace('provider = "sqlite"', 'provider = "postgresql"')
  .replace('output   = "../lib/generated/sqlite"', 'output   = "../../lib/generated/postgres"')
  .replace(
    /^\/\/ Canonical schema.*\n.*\n/m,
    "// GENERATED from prisma/schema.prisma by scripts/sync-pg-schema.mjs. Do not edit.\n",
  );
if (pg === source || !pg.includes('"postgresql"')) throw new Error("sync-pg-schema: provider line not found");
fs.mkdirSync(path.join(root, "prisma/postgres"), { recursive: true });
fs.writeFileSync(path.join(root, "prisma/postgres/schema.prisma"), pg);
