import { describe, expect, it } from "vitest";
import { createAccessCheck, type LiveAccess } from "./access.server";
import type { Principal } from "./types.server";

const maria: Principal = { userId: "user-maria", tenantId: "stadsbo", firstName: "Maria", lastName: "Ek" };

/** The hub's connections and group memberships as the access check sees them. */
function hubOf(groups: Map<string, Set<string>>) {
  return {
    connections: () => [...groups.keys()].map((connectionId) => ({ connectionId, principal: maria })),
    groups: {
      of: (connectionId: string) => [...(groups.get(connectionId) ?? [])],
      remove: (connectionId: string, group: string) => groups.get(connectionId)?.delete(group) ?? false,
    },
  } as unknown as Parameters<typeof createAccessCheck>[0]["hub"];
}

const presence = {
  list: async () => [],
  stopWatching: async () => null,
} as unknown as Parameters<typeof createAccessCheck>[0]["presence"];

describe("the live access check", () => {
  it("drops a transfer group the user may no longer reach, and keeps the others", async () => {
    const groups = new Map([["c1", new Set(["transfer:t-in", "transfer:t-out", "user:user-maria"])]]);
    const check = createAccessCheck({
      hub: hubOf(groups),
      presence,
      accessOf: async () => ({ units: ["office:1"], transferIds: new Set(["t-in"]) }),
      watcherLeft: async () => undefined,
      intervalMs: 0,
    });
    expect(await check.check()).toBe(1);
    expect([...groups.get("c1")!]).toEqual(["transfer:t-in", "user:user-maria"]);
    check.dispose();
  });

  it("leaves alone a group joined while the scope is being read", async () => {
    const groups = new Map([["c1", new Set(["transfer:t-old"])]]);
    let answer!: (access: LiveAccess) => void;
    let asked: readonly string[] = [];
    const check = createAccessCheck({
      hub: hubOf(groups),
      presence,
      accessOf: (_userId, transferIds) => {
        asked = transferIds;
        return new Promise((resolve) => (answer = resolve));
      },
      watcherLeft: async () => undefined,
      intervalMs: 0,
    });
    const running = check.check();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The page opens another transfer: JoinGroup checked its scope and added the group.
    groups.get("c1")!.add("transfer:t-new");
    answer({ units: [], transferIds: new Set(asked) });
    expect(await running).toBe(0);
    expect([...groups.get("c1")!].sort()).toEqual(["transfer:t-new", "transfer:t-old"]);
    check.dispose();
  });
});
