import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createTestCa,
  issueOcspResponder,
  issuePersonCertificate,
  ocspResponse,
  type IssuedCertificate,
  type Issuer,
} from "./pki.server";
import { xmlDsigSignature } from "./signature.server";
import { verifyBankIdSignature } from "./verify.server";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const PERSON = { personalNumber: "197509025172", givenName: "Erik", surname: "Johansson" };
const SIGNED_AT = Date.parse("2026-11-26T09:00:00Z");
const TEXT = b64("Jag godkänner medlemskapet för Anna Andersson i överlåtelse t-1.");

let ca: Issuer;
let otherCa: Issuer;
let person: IssuedCertificate;

function sign(overrides: Partial<Parameters<typeof xmlDsigSignature>[0]> = {}) {
  return xmlDsigSignature({
    orderRef: "2d3a8c1e-6c0d-4b8f-9a54-1b2c3d4e5f60",
    personalNumber: PERSON.personalNumber,
    name: "Erik Johansson",
    ipAddress: "127.0.0.1",
    userVisibleData: TEXT,
    userNonVisibleData: b64("sha256:abc"),
    signedAt: SIGNED_AT,
    privateKey: person.privateKey,
    chain: [person.certificate, ca.certificate],
    ...overrides,
  });
}

function ocsp(overrides: Partial<Parameters<typeof ocspResponse>[0]> = {}) {
  return ocspResponse({
    certificate: person.certificate,
    issuer: ca.certificate,
    signer: ca,
    producedAt: new Date(SIGNED_AT),
    ...overrides,
  });
}

beforeAll(() => {
  ca = createTestCa("Test Root CA", new Date(SIGNED_AT));
  otherCa = createTestCa("Another Root CA", new Date(SIGNED_AT));
  person = issuePersonCertificate(ca, PERSON, new Date(SIGNED_AT));
});

describe("verifyBankIdSignature", () => {
  it("accepts an intact signature chained to the trusted root with a good OCSP answer by the issuer", () => {
    const result = verifyBankIdSignature({
      signature: sign(),
      ocspResponse: ocsp(),
      trustedRoots: [ca.certificate],
    });
    expect(result.signature).toEqual({ ok: true });
    expect(result.chain).toEqual({ ok: true });
    expect(result.ocsp).toEqual({ ok: true });
    expect(result.ok).toBe(true);
    expect(result.userVisibleData).toBe(TEXT);
    expect(result.userNonVisibleData).toBe(b64("sha256:abc"));
    expect(result.signer?.subject).toContain("serialNumber=197509025172");
    expect(result.chainSubjects).toHaveLength(2);
    expect(result.ocspProducedAt).toBe(new Date(SIGNED_AT).toISOString());
  });

  it("refuses a signature whose signed text was changed afterwards", () => {
    const xml = Buffer.from(sign(), "base64").toString("utf8");
    const tampered = xml.replace(TEXT, b64("Jag avslår medlemskapet."));
    expect(tampered).not.toBe(xml);
    const result = verifyBankIdSignature({
      signature: b64(tampered),
      ocspResponse: ocsp(),
      trustedRoots: [ca.certificate],
    });
    expect(result.signature).toEqual({ ok: false, reason: "signatureInvalid" });
    expect(result.ok).toBe(false);
    expect(result.userVisibleData).toBeNull();
  });

  it("refuses a signature whose SignatureValue was altered", () => {
    const xml = Buffer.from(sign(), "base64").toString("utf8");
    const tampered = xml.replace(
      /<SignatureValue>(.)/,
      (_m, c: string) => `<SignatureValue>${c === "A" ? "B" : "A"}`,
    );
    const result = verifyBankIdSignature({
      signature: b64(tampered),
      ocspResponse: ocsp(),
      trustedRoots: [ca.certificate],
    });
    expect(result.signature.ok).toBe(false);
    expect(result.ok).toBe(false);
  });

  it("refuses a certificate that does not chain to a trusted root", () => {
    const result = verifyBankIdSignature({
      signature: sign(),
      ocspResponse: ocsp(),
      trustedRoots: [otherCa.certificate],
    });
    expect(result.signature).toEqual({ ok: true });
    expect(result.chain).toEqual({ ok: false, reason: "untrustedChain" });
    expect(result.ok).toBe(false);
  });

  it("refuses a signer certificate issued by another CA that pretends to be in the chain", () => {
    const impostor = issuePersonCertificate(otherCa, PERSON, new Date(SIGNED_AT));
    const result = verifyBankIdSignature({
      signature: sign({ privateKey: impostor.privateKey, chain: [impostor.certificate, ca.certificate] }),
      ocspResponse: ocsp({ certificate: impostor.certificate }),
      trustedRoots: [ca.certificate],
    });
    expect(result.chain).toEqual({ ok: false, reason: "untrustedChain" });
    expect(result.ok).toBe(false);
  });

  it("refuses a revoked OCSP answer", () => {
    const result = verifyBankIdSignature({
      signature: sign(),
      ocspResponse: ocsp({ revokedAt: new Date(SIGNED_AT - 60_000) }),
      trustedRoots: [ca.certificate],
    });
    expect(result.ocsp).toEqual({ ok: false, reason: "ocspRevoked" });
    expect(result.ok).toBe(false);
  });

  it("refuses an OCSP answer signed by someone other than the issuer", () => {
    const result = verifyBankIdSignature({
      signature: sign(),
      ocspResponse: ocsp({ signer: otherCa }),
      trustedRoots: [ca.certificate],
    });
    expect(result.ocsp).toEqual({ ok: false, reason: "ocspWrongSigner" });
  });

  it("refuses an OCSP answer whose signature does not match its content", () => {
    const der = Buffer.from(ocsp(), "base64");
    // The last bytes are the signature bits of the basic response.
    der[der.length - 3] = der[der.length - 3]! ^ 0xff;
    const result = verifyBankIdSignature({
      signature: sign(),
      ocspResponse: der.toString("base64"),
      trustedRoots: [ca.certificate],
    });
    expect(result.ocsp).toEqual({ ok: false, reason: "ocspSignatureInvalid" });
  });

  it("refuses an OCSP answer about another certificate", () => {
    const other = issuePersonCertificate(
      ca,
      { ...PERSON, personalNumber: "196803142428" },
      new Date(SIGNED_AT),
    );
    const result = verifyBankIdSignature({
      signature: sign(),
      ocspResponse: ocsp({ certificate: other.certificate }),
      trustedRoots: [ca.certificate],
    });
    expect(result.ocsp).toEqual({ ok: false, reason: "ocspOtherCertificate" });
  });

  it("accepts a responder the issuer delegated OCSP signing to", () => {
    const responder = issueOcspResponder(ca, new Date(SIGNED_AT));
    const result = verifyBankIdSignature({
      signature: sign(),
      ocspResponse: ocsp({ signer: responder }),
      trustedRoots: [ca.certificate],
    });
    expect(result.ocsp).toEqual({ ok: true });
  });

  it("refuses what is not a signature at all", () => {
    const result = verifyBankIdSignature({
      signature: b64("<Signature>not really</Signature>"),
      ocspResponse: ocsp(),
      trustedRoots: [ca.certificate],
    });
    expect(result.ok).toBe(false);
    expect(result.signature.ok).toBe(false);
    expect(
      verifyBankIdSignature({ signature: sign(), ocspResponse: b64("junk"), trustedRoots: [ca.certificate] })
        .ocsp,
    ).toEqual({ ok: false, reason: "ocspMalformed" });
  });

  it("refuses a second Signature smuggled in to wrap the signed data", () => {
    const xml = Buffer.from(sign(), "base64").toString("utf8");
    const wrapped = xml.replace("</Signature>", "<Object><Signature/></Object></Signature>");
    expect(
      verifyBankIdSignature({ signature: b64(wrapped), ocspResponse: ocsp(), trustedRoots: [ca.certificate] })
        .ok,
    ).toBe(false);
  });

  it("certificates are real X.509: node verifies the issuance", () => {
    expect(person.certificate.checkIssued(ca.certificate)).toBe(true);
    expect(person.certificate.verify(ca.certificate.publicKey)).toBe(true);
    expect(ca.certificate.ca).toBe(true);
    expect(person.certificate.ca).toBe(false);
    expect(crypto.createPublicKey(person.privateKey).export({ format: "der", type: "spki" })).toEqual(
      person.certificate.publicKey.export({ format: "der", type: "spki" }),
    );
  });
});
