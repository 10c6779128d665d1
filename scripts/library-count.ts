// Prints the number of records in the local library (used by scripts/start.sh to decide on the demo import).
import { countLibraryRecords } from "@/lib/db/evidence";
import { applyMigrations } from "@/lib/db/migrate";

applyMigrations()
  .then(() => countLibraryRecords())
  .then((n) => {
    console.log(n);
    process.exit(0);
  })
  .catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
