import { describe, expect, it } from "vitest";
import { createLogger, MAX_LINE_CHARS } from "./log.server";
import { requestIdOf, runInRequest, noteRoute, noteUser } from "./request-context.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const log = createLogger({
    level: "info",
    format: "json",
    destination: {
      write(line: string) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  });
  return { log, lines, raw };
}

describe("the structured log", () => {
  it("puts the request's id, route, user and tenant on every line written within it", () => {
    const { log, lines } = capture();
    runInRequest({ requestId: "req-12345678" }, () => {
      noteRoute("root");
      noteRoute("routes/transfers.$id.overview");
      noteRoute("routes/transfers.$id");
      noteUser({ id: "user-maria", tenantId: "nordhem" });
      log.info({ extra: 1 }, "inside");
    });
    log.info("outside");
    expect(lines[0]).toMatchObject({
      msg: "inside",
      reqId: "req-12345678",
      route: "routes/transfers.$id.overview",
      userId: "user-maria",
      tenant: "nordhem",
      extra: 1,
      level: 30,
    });
    expect(lines[1]).not.toHaveProperty("reqId");
  });

  it("cuts a 1 MB field and never writes a line over 16 kB", () => {
    const { log, raw, lines } = capture();
    log.info({ value: "x".repeat(1_000_000) }, "big");
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, "y".repeat(1_900)]));
    log.info(many, "many");
    expect(raw.every((line) => line.length <= MAX_LINE_CHARS)).toBe(true);
    expect(String(lines[0]!.value).length).toBeLessThan(2_100);
    expect(lines[1]).toMatchObject({ msg: "many", truncated: true });
  });

  it("never writes headers, cookies, tokens or a person's number, name or e-mail given as fields", () => {
    const { log, raw } = capture();
    log.info(
      {
        headers: { cookie: "__session=secret" },
        token: "abc-token",
        personalNumber: "198001011234",
        user: { email: "maria@example.se", firstName: "Maria", lastName: "Lind", name: "Maria Lind" },
      },
      "redacted",
    );
    const line = raw.join("");
    for (const secret of [
      "__session=secret",
      "abc-token",
      "198001011234",
      "maria@example.se",
      "Maria",
      "Lind",
    ])
      expect(line).not.toContain(secret);
  });

  it("serialises an error with its stack", () => {
    const { log, lines } = capture();
    log.error({ err: new Error("broken") }, "failed");
    expect(lines[0]).toMatchObject({ level: 50, err: { message: "broken", type: "Error" } });
    expect(String((lines[0]!.err as { stack: string }).stack)).toContain("log.server.test");
  });
});

describe("requestIdOf", () => {
  it("takes a trusted proxy's plain id, and makes its own for a forged, odd or untrusted one", () => {
    expect(requestIdOf("3f2a9c1e8b7d4e6f", { trustProxy: true })).toBe("3f2a9c1e8b7d4e6f");
    const own = requestIdOf("3f2a9c1e8b7d4e6f", { trustProxy: false });
    expect(own).not.toBe("3f2a9c1e8b7d4e6f");
    expect(own).toMatch(/^[2-9a-z]{12}$/);
    expect(requestIdOf("abc\r\nSet-Cookie: x=1", { trustProxy: true })).toMatch(/^[2-9a-z]{12}$/);
    expect(requestIdOf("short", { trustProxy: true })).toMatch(/^[2-9a-z]{12}$/);
    expect(requestIdOf("x".repeat(200), { trustProxy: true })).toMatch(/^[2-9a-z]{12}$/);
    expect(requestIdOf(undefined, { trustProxy: true })).not.toBe(
      requestIdOf(undefined, { trustProxy: true }),
    );
  });
});
