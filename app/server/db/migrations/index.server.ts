import type { Migration, MigrationProvider } from "kysely";
import * as m0001 from "./0001-foundation.server";
import * as m0002 from "./0002-users.server";
import * as m0003 from "./0003-transfers.server";
import * as m0004 from "./0004-lists.server";
import * as m0005 from "./0005-sessions.server";
import * as m0006 from "./0006-jobs.server";
import * as m0007 from "./0007-job-results.server";
import * as m0008 from "./0008-document-analyses.server";
import * as m0009 from "./0009-mail-outbox.server";
import * as m0010 from "./0010-decision.server";
import * as m0011 from "./0011-job-trace-context.server";

// Listed statically so that the Remix server bundle carries them; names sort in order of application.
const migrations: Record<string, Migration> = {
  "0001-foundation": m0001,
  "0002-users": m0002,
  "0003-transfers": m0003,
  "0004-lists": m0004,
  "0005-sessions": m0005,
  "0006-jobs": m0006,
  "0007-job-results": m0007,
  "0008-document-analyses": m0008,
  "0009-mail-outbox": m0009,
  "0010-decision": m0010,
  "0011-job-trace-context": m0011,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
