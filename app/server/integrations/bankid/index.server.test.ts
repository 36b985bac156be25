import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  BANKID_URLS,
  BankIdConfigError,
  bankIdConfig,
  getBankIdClient,
  getBankIdSimulator,
  launchUrl,
} from "./index.server";

const dir = mkdtempSync(join(tmpdir(), "bankid-config-"));
const certPath = join(dir, "rp.p12");
const caPath = join(dir, "root.pem");
writeFileSync(certPath, "not really a p12");
writeFileSync(caPath, "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const complete = { BANKID_CERT_PATH: certPath, BANKID_CERT_PASSPHRASE: "qwerty123", BANKID_CA_PATH: caPath };

describe("bankIdConfig / getBankIdClient", () => {
  it("uses the simulator by default and when asked", () => {
    expect(bankIdConfig({})).toEqual({ mode: "simulator" });
    expect(getBankIdClient({})).toBe(getBankIdSimulator());
    expect(getBankIdClient({ BANKID: "simulator" })).toBe(getBankIdSimulator());
  });

  it("points test and production at BankID's RP API v6.0", () => {
    expect(bankIdConfig({ BANKID: "test", ...complete })).toMatchObject({
      mode: "test",
      baseUrl: "https://appapi2.test.bankid.com/rp/v6.0",
      certPath,
      caPath,
      certPassphrase: "qwerty123",
      timeoutMs: 10_000,
    });
    expect(bankIdConfig({ BANKID: "production", ...complete }).mode).toBe("production");
    expect(BANKID_URLS.production).toBe("https://appapi2.bankid.com/rp/v6.0");
    expect(bankIdConfig({ BANKID: "production", ...complete })).toMatchObject({
      baseUrl: BANKID_URLS.production,
    });
    expect(
      bankIdConfig({ BANKID: "test", BANKID_URL: "https://bankid.internal/rp/v6.0", ...complete }),
    ).toMatchObject({
      baseUrl: "https://bankid.internal/rp/v6.0",
    });
  });

  it("names every missing setting", () => {
    expect(() => bankIdConfig({ BANKID: "production" })).toThrow(BankIdConfigError);
    expect(() => bankIdConfig({ BANKID: "production" })).toThrow(
      /BANKID_CERT_PATH, BANKID_CERT_PASSPHRASE, BANKID_CA_PATH/,
    );
    expect(() => bankIdConfig({ BANKID: "test", ...complete, BANKID_CA_PATH: " " })).toThrow(
      /BANKID_CA_PATH/,
    );
  });

  it("refuses unknown modes, plain-HTTP overrides and bad timeouts", () => {
    expect(() => bankIdConfig({ BANKID: "prod" })).toThrow(/simulator, test or production/);
    expect(() => bankIdConfig({ BANKID: "test", ...complete, BANKID_URL: "http://x/rp/v6.0" })).toThrow(
      /https/,
    );
    expect(() => bankIdConfig({ BANKID: "test", ...complete, BANKID_TIMEOUT_MS: "soon" })).toThrow(
      /BANKID_TIMEOUT_MS/,
    );
  });

  it("builds one HTTP client per configuration, and says which file it cannot read", () => {
    const env = { BANKID: "test", ...complete };
    const client = getBankIdClient(env);
    expect(client).not.toBe(getBankIdSimulator());
    expect(getBankIdClient(env)).toBe(client);
    expect(() => getBankIdClient({ ...env, BANKID_CERT_PATH: join(dir, "missing.p12") })).toThrow(
      /BANKID_CERT_PATH: cannot read/,
    );
  });
});

describe("launchUrl", () => {
  const autoStartToken = "7c40b5c9-fa74-49cf-b98c-bfe651f9a7c6";

  it("opens the desktop app with redirect=null", () => {
    expect(launchUrl({ autoStartToken, mobile: false, returnUrl: "https://x.se/" })).toBe(
      `bankid:///?autostarttoken=${autoStartToken}&redirect=null`,
    );
  });

  it("opens the mobile app through app.bankid.com, with an encoded redirect when given", () => {
    expect(launchUrl({ autoStartToken, mobile: true })).toBe(
      `https://app.bankid.com/?autostarttoken=${autoStartToken}&redirect=null`,
    );
    expect(
      launchUrl({ autoStartToken, mobile: true, returnUrl: "https://portal.example/login?nonce=a&r=/x" }),
    ).toBe(
      `https://app.bankid.com/?autostarttoken=${autoStartToken}&redirect=https%3A%2F%2Fportal.example%2Flogin%3Fnonce%3Da%26r%3D%2Fx`,
    );
  });
});
