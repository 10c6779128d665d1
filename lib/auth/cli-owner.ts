import "server-only";
import { getConfig } from "@/lib/config";
import { findUserByEmail, firstAdmin } from "@/lib/db/accounts";

/**
 * The owner of a run started from the command line (`npm run research|check -- … [--as <email>]`): with
 * CRITICA_AUTH=on the account with that e-mail, by default the admin (the first account), so a CLI run never shows
 * in anyone else's history; null while no account exists yet (the run is then unclaimed, and the admin can claim
 * it later). With CRITICA_AUTH=off, null as before accounts.
 * @throws Error naming the problem when `--as` names no account, or is given with CRITICA_AUTH=off.
 */
export async function cliRunOwner(as: string | undefined): Promise<string | null> {
  if (getConfig().CRITICA_AUTH === "off") {
    if (as) throw new Error("--as needs accounts (CRITICA_AUTH=on); with CRITICA_AUTH=off runs have no owner.");
    return null;
  }
  if (as) {
    const user = await findUserByEmail(as);
    if (!user) throw new Error(`--as: no account has the e-mail address ${as}.`);
    return user.id;
  }
  return (await firstAdmin())?.id ?? null;
}
