// npm run user:activate -- 197904122319 : an organisation activates one of its users (status Inactive -> Active).
// npm run user:deactivate -- 197904122319 : and deactivates one (status Inactive; every session ends at once).
import { getDbHandle } from "~/server/db/db.server";
import { activateUser, deactivateUser } from "~/server/domain/provisioning.server";
import { parsePersonnummer } from "~/lib/personnummer";

const [command, input] = process.argv.slice(2);
const { db, destroy } = getDbHandle();
try {
  if ((command !== "activate" && command !== "deactivate") || !input) {
    console.error(
      "usage: npm run user:activate -- <personnummer> | npm run user:deactivate -- <personnummer>",
    );
    process.exitCode = 2;
  } else {
    const parsed = parsePersonnummer(input);
    if (!parsed.ok) {
      console.error(`Ogiltigt personnummer (${parsed.reason})`);
      process.exitCode = 2;
    } else if (command === "deactivate") {
      if (await deactivateUser(db, parsed.value.normalized12))
        console.log(`Inaktiverad: ${parsed.value.normalized12}`);
      else {
        console.error("Ingen användare med det personnumret.");
        process.exitCode = 1;
      }
    } else if (await activateUser(db, parsed.value.normalized12)) {
      console.log(`Aktiverad: ${parsed.value.normalized12}`);
    } else {
      console.error("Ingen inaktiv användare med det personnumret.");
      process.exitCode = 1;
    }
  }
} finally {
  await destroy();
}
