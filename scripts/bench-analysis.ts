// npx tsx scripts/bench-analysis.ts [runs] — the document analysis of one seeded purchase agreement and its
// membership application (pdf.js text and the parser), cold and warm, in milliseconds.
import { buildTransferSeed } from "~/server/demo/transfers.server";
import { analyseDocuments } from "~/server/integrations/document-analysis/analyse.server";

const runs = Number(process.argv[2] ?? 50);
const now = new Date();
const rows = buildTransferSeed(now);
const transfer = rows.transfers.find(
  (t) =>
    t.transfer_type === "Purchase" &&
    rows.documents.some((d) => d.transfer_id === t.id && d.category === "MembershipApplication"),
)!;
const bytes = new Map(rows.files.map((f) => [f.storageKey, f.bytes]));
const inputs = rows.documents
  .filter(
    (d) =>
      d.transfer_id === transfer.id && ["TransferAgreement", "MembershipApplication"].includes(d.category),
  )
  .map((d) => ({ documentId: d.id, category: d.category, bytes: bytes.get(d.storage_key ?? "") ?? null }));

const time = async () => {
  const start = performance.now();
  const outcome = await analyseDocuments(inputs, { now });
  if (outcome.status !== "Ready") throw new Error(`analysis ${outcome.status}: ${outcome.failure}`);
  return performance.now() - start;
};
const cold = await time();
const warm: number[] = [];
for (let i = 0; i < runs; i++) warm.push(await time());
warm.sort((a, b) => a - b);
const at = (q: number) => warm[Math.min(warm.length - 1, Math.floor(q * warm.length))]!.toFixed(1);
console.log(`[bench:analysis] ${transfer.id}: ${inputs.length} documents`);
console.log(
  `[bench:analysis] cold ${cold.toFixed(0)} ms (pdf.js loading); warm median ${at(0.5)} ms, p90 ${at(0.9)} ms over ${runs} runs`,
);
