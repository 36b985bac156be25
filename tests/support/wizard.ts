import { buildUseCaseContext } from "~/server/context/use-case.server";
import type { Db } from "~/server/db/kysely.server";
import { getDb } from "~/server/db/db.server";
import { saveApplication } from "~/server/domain/application/application.server";
import { generatePersonnummer } from "~/lib/personnummer";
import { createLogger } from "~/server/platform/log.server";
import { WORLD, actorFor, insertTransfer } from "./transfers";

/** The people of the wizard's tests: two transferors and the acquirer of a filled application. */
export const ANNA = generatePersonnummer({ year: 1960, month: 3, day: 14 }, 242);
export const PER = generatePersonnummer({ year: 1958, month: 11, day: 2 }, 131);
export const SARA = generatePersonnummer({ year: 1990, month: 6, day: 30 }, 482);

/**
 * A transfer a manager has just created, where the wizard starts: initiated, no price or dates yet, and its
 * transferors (each `{ id, identifier, firstName }`, surname Ek) owning equal shares.
 */
export async function insertWizardTransfer(
  db: Db,
  id: string,
  transferors: Array<{ id: string; identifier: string; firstName: string }>,
): Promise<void> {
  await insertTransfer(
    db,
    {
      id,
      objectId: WORLD.objectA,
      status: "Initiated",
      initiator_role: "PropertyManager",
      purchase_price: null,
      contract_date: null,
      entry_date: null,
    },
    transferors.map((transferor) => ({
      id: transferor.id,
      kind: "Transferor",
      identifier_value: transferor.identifier,
      first_name: transferor.firstName,
      last_name: "Ek",
      owner_share_numerator: 1,
      owner_share_denominator: transferors.length,
    })),
  );
}

/** The step-2 save as the form step makes it, through the domain: two transferors at 50 % each, Sara acquiring. */
export async function saveFilledApplication(
  transferId: string,
  transferorIds: [string, string],
  userId = "user-maria",
): Promise<void> {
  await saveApplication(buildUseCaseContext(getDb(), await actorFor(getDb(), userId)), {
    transferId,
    application: {
      transferors: transferorIds.map((id) => ({ id, transferShare: "50" })),
      acquirers: [
        {
          firstName: "Sara",
          lastName: "Lind",
          identifier: SARA,
          emailAddress: "sara@example.se",
          address: { street: "Kvarngatan 3", postalCode: "118 47", city: "Stockholm", country: "Sverige" },
          transferShare: "100",
        },
      ],
      guarantors: [],
      paymentNoticeRecipient: "Acquirer:0",
      agreement: { purchasePrice: "2450000", contractDate: "2026-11-01", entryDate: "2026-12-01" },
    },
  });
}

/**
 * The error lines of this file, kept to be read: a logger of its own in place of the suite's, which fails a test on
 * an error line (a failure of ours logs one).
 */
export function keepErrorLines(): string[] {
  const lines: string[] = [];
  globalThis.__log = createLogger({
    level: "error",
    format: "json",
    destination: { write: (line: string) => void lines.push(line) },
  });
  return lines;
}
