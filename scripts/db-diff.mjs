// Authoring tool (not used at run time): prints the SQL that takes the database from the existing migrations
// (or from nothing, with --from-empty) to prisma/schema.prisma, using Prisma's wasm schema engine, because the
// native engine cannot be downloaded here. Usage: node scripts/db-diff.mjs sqlite|postgresql [--from-empty]
import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

const root = path.resolve(import.meta.dirname, "..");
const provider = process.argv[2] ?? "sqlite";
const fromEmpty = process.argv.includes("--from-empty");
const schemaPath = path.join(root, provider === "sqlite" ? "prisma/schema.prisma" : "prisma/postgres/schema.prisma");
const migrationsDir = path.join(root, provider === "sqlite" ? "prisma/migrations" : "prisma/postgres/migrations");
const dir = path.join(root, "node_modules/@prisma/schema-engine-wasm");
const glue = await import(path.join(dir, "schema_engine_bg.js"));
const { instance } = await WebAssembly.instantiate(fs.readFileSync(path.join(dir, "schema_engine_bg.wasm")), {
  "./schema_engine_bg.js": glue,
});
glue.__wbg_set_wasm(instance.exports);
instance.exports.__wbindgen_start?.();
const content = fs.readFileSync(schemaPath, "utf8");
const factory = bindMigrationAwareSqlAdapterFactory(new PrismaBetterSqlite3({ url: ":memory:" }));
const engine = await glue.SchemaEngine.new({ datamodels: [[schemaPath, content]] }, () => {}, factory);
const migrations = fs.existsSync(migrationsDir)
  ? fs
      .readdirSync(migrationsDir)
      .filter((d) => fs.existsSync(path.join(migrationsDir, d, "migration.sql")))
      .sort()
  : [];
const from = fromEmpty
  ? { tag: "empty" }
  : {
      tag: "migrations",
      baseDir: migrationsDir,
      lockfile: { path: "migration_lock.toml", content: `provider = "${provider}"\n` },
      migrationDirectories: migrations.map((name) => ({
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: { tag: "ok", value: fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8") },
        },
      })),
      shadowDbInitScript: "",
    };
const result = await engine.diff({
  from,
  to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content }] },
  script: true,
  exitCode: true,
  filters: { externalTables: [], externalEnums: [] },
});
process.stdout.write(result.stdout ?? "");
process.exit(0);
