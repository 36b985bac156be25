import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";

import { resetEnvForTests } from "../platform/env.server";
import {
  ACCESS_TOKEN_LIFETIME_MS,
  mintAccessToken,
  mintSearchId,
  ownsSearchId,
  SEARCH_ID_LIFETIME_MS,
  verifyAccessToken,
} from "./tokens.server";

const OLD = "o".repeat(32);
const NEW = "n".repeat(32);
const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
const saved = { DATA_DIR: process.env.DATA_DIR, SESSION_SECRET: process.env.SESSION_SECRET };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "op-tokens-"));

function useSecrets(...secrets: string[]) {
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = secrets.join(",");
  resetEnvForTests();
}

beforeEach(() => useSecrets(NEW));

afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function flip(text: string, index: number): string {
  const c = text[index];
  return text.slice(0, index) + (c === "A" ? "B" : "A") + text.slice(index + 1);
}

describe("access tokens", () => {
  it("carry the user id until they expire after 10 minutes", () => {
    const token = mintAccessToken({ id: "user-maria" }, NOW);
    expect(token).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(verifyAccessToken(token, NOW)).toBe("user-maria");
    expect(verifyAccessToken(token, NOW + ACCESS_TOKEN_LIFETIME_MS - 1_000)).toBe("user-maria");
    expect(verifyAccessToken(token, NOW + ACCESS_TOKEN_LIFETIME_MS)).toBeNull();
  });

  it("differ on every mint (random nonce)", () => {
    expect(mintAccessToken({ id: "u" }, NOW)).not.toBe(mintAccessToken({ id: "u" }, NOW));
  });

  it("refuse tampered payloads and signatures", () => {
    const token = mintAccessToken({ id: "user-maria" }, NOW);
    const [payload, signature] = token.split(".") as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), u: "user-anders" }),
    ).toString("base64url");
    expect(verifyAccessToken(`${forged}.${signature}`, NOW)).toBeNull();
    expect(verifyAccessToken(`${payload}.${flip(signature, 5)}`, NOW)).toBeNull();
    expect(verifyAccessToken(`${flip(payload, 3)}.${signature}`, NOW)).toBeNull();
  });

  it("accept only the canonical spelling of the signature's last character", () => {
    // 43 base64url characters hold 258 bits of a 256-bit MAC: the last character's two low bits are
    // ignored by the decoder, so three other characters decode to the same MAC.
    const token = mintAccessToken({ id: "user-maria" }, NOW);
    const [payload, signature] = token.split(".") as [string, string];
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(signature.slice(-1));
    const sameBits = [0, 1, 2, 3]
      .map((low) => alphabet[(last & ~3) | low])
      .filter((c) => c !== signature.slice(-1));
    expect(sameBits).toHaveLength(3);
    for (const c of sameBits) {
      const variant = signature.slice(0, -1) + c;
      expect(Buffer.from(variant, "base64url").equals(Buffer.from(signature, "base64url"))).toBe(true);
      expect(verifyAccessToken(`${payload}.${variant}`, NOW)).toBeNull();
    }
    expect(verifyAccessToken(token, NOW)).toBe("user-maria");
  });

  it("refuse malformed input without throwing", () => {
    const token = mintAccessToken({ id: "user-maria" }, NOW);
    for (const bad of [null, undefined, "", ".", "a.b", token + ".x", token.slice(0, -1), "x".repeat(5000)]) {
      expect(verifyAccessToken(bad, NOW)).toBeNull();
    }
    const secretlessMac = Buffer.alloc(32).toString("base64url");
    const payload = Buffer.from("not json").toString("base64url");
    expect(verifyAccessToken(`${payload}.${secretlessMac}`, NOW)).toBeNull();
  });

  it("are signed with the first secret and verified with all of them", () => {
    useSecrets(OLD);
    const before = mintAccessToken({ id: "user-maria" }, NOW);
    useSecrets(NEW, OLD);
    expect(verifyAccessToken(before, NOW)).toBe("user-maria");
    const after = mintAccessToken({ id: "user-maria" }, NOW);
    useSecrets(NEW);
    expect(verifyAccessToken(after, NOW)).toBe("user-maria");
    expect(verifyAccessToken(before, NOW)).toBeNull();
  });
});

describe("search ids", () => {
  it("belong to the user who got them, until they expire", () => {
    const searchId = mintSearchId("user-maria", NOW);
    expect(ownsSearchId("user-maria", searchId, NOW)).toBe(true);
    expect(ownsSearchId("user-anders", searchId, NOW)).toBe(false);
    expect(ownsSearchId("user-maria", searchId, NOW + SEARCH_ID_LIFETIME_MS)).toBe(false);
  });

  it("cannot be forged or confused with access tokens", () => {
    const searchId = mintSearchId("user-maria", NOW);
    const [nonce, expiry, signature] = searchId.split(".") as [string, string, string];
    const later = (NOW + 10 * SEARCH_ID_LIFETIME_MS).toString(36);
    expect(ownsSearchId("user-maria", `${nonce}.${later}.${signature}`, NOW)).toBe(false);
    expect(ownsSearchId("user-maria", `${nonce}.${expiry}.${flip(signature, 0)}`, NOW)).toBe(false);
    expect(ownsSearchId("user-maria", mintAccessToken({ id: "user-maria" }, NOW), NOW)).toBe(false);
    expect(ownsSearchId("user-maria", "user-maria", NOW)).toBe(false);
    expect(verifyAccessToken(searchId, NOW)).toBeNull();
  });
});
