// tsx scripts/bench/mint-cookies.ts user-id:tenant-id ... (with DATA_DIR set)
// Prints {"user-id": "__session=…"} as JSON: the session cookie the server would set after a BankID sign-in.
// A process of its own because session.server.ts keeps its cookie storage (and so the DATA_DIR's secret) for
// the life of the process, and the bench needs cookies for two DATA_DIRs.
import { commitSession, getSession } from "~/server/platform/session.server";

const cookies: Record<string, string> = {};
for (const arg of process.argv.slice(2)) {
  const [userId, tenantId] = arg.split(":");
  if (!userId || !tenantId) throw new Error(`expected user-id:tenant-id, got ${arg}`);
  const session = await getSession(new Request("http://localhost/"));
  session.set("userId", userId);
  session.set("tenantId", tenantId);
  const setCookie = await commitSession(session);
  const pair = setCookie.split(";")[0] ?? "";
  if (!pair.startsWith("__session=")) throw new Error(`unexpected Set-Cookie: ${setCookie}`);
  cookies[userId] = pair;
}
console.log(JSON.stringify(cookies));
