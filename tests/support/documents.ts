import { getDb } from "~/server/db/db.server";
import { makePdf } from "~/server/demo/pdf.server";
import { getStorage } from "~/server/integrations/storage/index.server";

/** The PDF the document tests store: Swedish letters, one page. */
export const testPdf = makePdf({ title: "Överlåtelseavtal", lines: ["Säljare: Åsa Öberg"] });

/**
 * A verified document of a transfer with its file (`bytes`, the test PDF by default) in the configured storage;
 * `fields` overrides the row (an erased one: `storage_key: null, data_erased_at`; a pending one: `status:
 * "UploadPending"`; another name).
 */
export async function addDocument(
  id: string,
  transferId: string,
  fields: Record<string, unknown> = {},
  bytes: Uint8Array = testPdf,
) {
  const key = `transfers/${transferId}/${id}.pdf`;
  await getStorage().put(key, bytes);
  await getDb()
    .insertInto("documents")
    .values({
      id,
      transfer_id: transferId,
      file_name: "Överlåtelseavtal.pdf",
      category: "TransferAgreement",
      status: "UploadVerified",
      document_type: "pdf",
      size_in_bytes: bytes.byteLength,
      sensitive: 0,
      storage_key: key,
      created_at: "2026-11-01T08:00:00.000Z",
      ...fields,
    })
    .execute();
}
