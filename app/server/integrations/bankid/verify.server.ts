import crypto from "node:crypto";
import { AsnConvert } from "@peculiar/asn1-schema";
import { Certificate } from "@peculiar/asn1-x509";
import { BasicOCSPResponse, OCSPResponse, OCSPResponseStatus, id_pkix_ocsp_basic } from "@peculiar/asn1-ocsp";
import { SignedXml } from "xml-crypto";
import { keyHash, OID_OCSP_SIGNING, subjectDer } from "./pki.server";
import { BANKID_TYPES_NS, elementText } from "./signature.server";

/**
 * The audit check of a stored BankID signature (decision 028): the XML-DSig signature is intact and made by the
 * certificate in its KeyInfo, that certificate chains to a trusted root, and the OCSP answer kept beside it says
 * "good" for that very certificate and is signed by its issuer (or a responder the issuer delegated to). Every
 * step answers a reason when it fails; nothing here trusts what the XML merely says.
 */

export type VerificationFailure =
  | "malformed"
  | "signatureInvalid"
  | "referenceMissing"
  | "noCertificate"
  | "untrustedChain"
  | "certificateNotValidAtSigning"
  | "ocspMalformed"
  | "ocspNotSuccessful"
  | "ocspSignatureInvalid"
  | "ocspWrongSigner"
  | "ocspOtherCertificate"
  | "ocspRevoked"
  | "ocspUnknown";

export type CheckOutcome = { ok: true } | { ok: false; reason: VerificationFailure };

export interface SignerCertificate {
  subject: string;
  issuer: string;
  serialNumber: string;
  validFrom: string;
  validTo: string;
  fingerprint256: string;
}

export interface SignatureVerification {
  ok: boolean;
  signature: CheckOutcome;
  chain: CheckOutcome;
  ocsp: CheckOutcome;
  /** The signer's certificate, once the signature was checked against it. */
  signer: SignerCertificate | null;
  /** Subjects from the signer up to the trusted root. */
  chainSubjects: string[];
  /** What the signature covers, read from the signed reference (base64, as sent in /sign). */
  userVisibleData: string | null;
  userNonVisibleData: string | null;
  /** The OCSP answer's producedAt (ISO), the moment the certificate was known good. */
  ocspProducedAt: string | null;
}

const ALGORITHMS: Record<string, string> = {
  "1.2.840.113549.1.1.5": "sha1",
  "1.2.840.113549.1.1.11": "sha256",
  "1.2.840.113549.1.1.12": "sha384",
  "1.2.840.113549.1.1.13": "sha512",
  "1.2.840.10045.4.3.2": "sha256",
  "1.2.840.10045.4.3.3": "sha384",
  "1.2.840.10045.4.3.4": "sha512",
};
const HASHES: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
};
const MAX_CHAIN = 6;

const fail = (reason: VerificationFailure): CheckOutcome => ({ ok: false, reason });
const OK: CheckOutcome = { ok: true };

function certificatesIn(xml: string): crypto.X509Certificate[] {
  const out: crypto.X509Certificate[] = [];
  for (const match of xml.matchAll(/<(?:\w+:)?X509Certificate\b[^>]*>([^<]+)<\/(?:\w+:)?X509Certificate>/g)) {
    out.push(new crypto.X509Certificate(Buffer.from(match[1]!.replace(/\s+/g, ""), "base64")));
  }
  return out;
}

function describe(certificate: crypto.X509Certificate): SignerCertificate {
  return {
    subject: certificate.subject,
    issuer: certificate.issuer,
    serialNumber: certificate.serialNumber,
    validFrom: new Date(certificate.validFrom).toISOString(),
    validTo: new Date(certificate.validTo).toISOString(),
    fingerprint256: certificate.fingerprint256,
  };
}

function issues(issuer: crypto.X509Certificate, subject: crypto.X509Certificate): boolean {
  return issuer.ca && subject.checkIssued(issuer) && subject.verify(issuer.publicKey);
}

function validAt(certificate: crypto.X509Certificate, at: Date): boolean {
  return Date.parse(certificate.validFrom) <= at.getTime() && at.getTime() <= Date.parse(certificate.validTo);
}

/** The path from `leaf` to a trusted root through the given intermediates, or null. */
function chainOf(
  leaf: crypto.X509Certificate,
  intermediates: crypto.X509Certificate[],
  roots: crypto.X509Certificate[],
): crypto.X509Certificate[] | null {
  const path = [leaf];
  let current = leaf;
  for (let depth = 0; depth < MAX_CHAIN; depth++) {
    const root = roots.find((r) => issues(r, current));
    if (root) return root.fingerprint256 === current.fingerprint256 ? path : [...path, root];
    const next = intermediates.find(
      (c) => c.fingerprint256 !== current.fingerprint256 && !path.includes(c) && issues(c, current),
    );
    if (!next) return null;
    path.push(next);
    current = next;
  }
  return null;
}

interface SignatureParts {
  leaf: crypto.X509Certificate;
  intermediates: crypto.X509Certificate[];
  userVisibleData: string | null;
  userNonVisibleData: string | null;
}

function checkXmlSignature(xml: string): { outcome: CheckOutcome; parts: SignatureParts | null } {
  if ((xml.match(/<(?:\w+:)?Signature(?=[\s>/])/g) ?? []).length !== 1) {
    return { outcome: fail("malformed"), parts: null };
  }
  let leaf: crypto.X509Certificate | undefined;
  try {
    leaf = certificatesIn(xml)[0];
  } catch {
    return { outcome: fail("malformed"), parts: null };
  }
  if (!leaf) return { outcome: fail("noCertificate"), parts: null };
  const verifier = new SignedXml({ publicCert: leaf.toString(), getCertFromKeyInfo: () => null });
  let signedReferences: string[];
  try {
    verifier.loadSignature(xml);
    if (!verifier.checkSignature(xml)) return { outcome: fail("signatureInvalid"), parts: null };
    signedReferences = verifier.getSignedReferences();
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    return {
      outcome: fail(/invalid|digest|signature/i.test(message) ? "signatureInvalid" : "malformed"),
      parts: null,
    };
  }
  // The text we show and compare must come from what was signed, not from wherever the XML puts it.
  const signedData = signedReferences.find(
    (r) => /^<(?:\w+:)?bankIdSignedData\b/.test(r) && r.includes(BANKID_TYPES_NS),
  );
  const keyInfo = signedReferences.find((r) => /^<(?:\w+:)?KeyInfo\b/.test(r));
  if (!signedData || !keyInfo) return { outcome: fail("referenceMissing"), parts: null };
  const signedCertificates = certificatesIn(keyInfo);
  if (signedCertificates[0]?.fingerprint256 !== leaf.fingerprint256) {
    return { outcome: fail("referenceMissing"), parts: null };
  }
  return {
    outcome: OK,
    parts: {
      leaf,
      intermediates: signedCertificates.slice(1),
      userVisibleData: elementText(signedData, "usrVisibleData") ?? null,
      userNonVisibleData: elementText(signedData, "usrNonVisibleData") ?? null,
    },
  };
}

interface OcspResult {
  outcome: CheckOutcome;
  producedAt: Date | null;
}

function checkOcsp(
  ocspBase64: string,
  leaf: crypto.X509Certificate,
  issuer: crypto.X509Certificate,
  roots: crypto.X509Certificate[],
): OcspResult {
  let basic: BasicOCSPResponse;
  try {
    const response = AsnConvert.parse(Buffer.from(ocspBase64, "base64"), OCSPResponse);
    if (response.responseStatus !== OCSPResponseStatus.successful || !response.responseBytes) {
      return { outcome: fail("ocspNotSuccessful"), producedAt: null };
    }
    if (response.responseBytes.responseType !== id_pkix_ocsp_basic) {
      return { outcome: fail("ocspMalformed"), producedAt: null };
    }
    basic = AsnConvert.parse(response.responseBytes.response.buffer, BasicOCSPResponse);
  } catch {
    return { outcome: fail("ocspMalformed"), producedAt: null };
  }
  const data = basic.tbsResponseData;
  const producedAt = data.producedAt;
  const responder = data.responderID;
  const matchesResponder = (certificate: crypto.X509Certificate) =>
    responder.byKey
      ? Buffer.from(responder.byKey.buffer).equals(keyHash(certificate))
      : responder.byName
        ? Buffer.from(AsnConvert.serialize(responder.byName)).equals(subjectDer(certificate))
        : false;
  const included = (basic.certs ?? []).map(
    (c) => new crypto.X509Certificate(Buffer.from(AsnConvert.serialize(c))),
  );
  // RFC 6960 §4.2.2.2: the issuing CA itself, or a responder it certified for OCSP signing.
  let signer: crypto.X509Certificate | undefined;
  if (matchesResponder(issuer)) signer = issuer;
  else {
    signer = included.find(
      (c) =>
        matchesResponder(c) &&
        c.checkIssued(issuer) &&
        c.verify(issuer.publicKey) &&
        ((c.keyUsage as string[] | undefined) ?? []).includes(OID_OCSP_SIGNING),
    );
    // A root answering for itself is not an answer about the leaf's issuer.
    if (!signer && roots.some(matchesResponder)) return { outcome: fail("ocspWrongSigner"), producedAt };
  }
  if (!signer) return { outcome: fail("ocspWrongSigner"), producedAt };
  const algorithm = ALGORITHMS[basic.signatureAlgorithm.algorithm];
  const raw = basic.tbsResponseDataRaw ?? AsnConvert.serialize(data);
  if (
    !algorithm ||
    !crypto.verify(algorithm, Buffer.from(raw), signer.publicKey, Buffer.from(basic.signature))
  ) {
    return { outcome: fail("ocspSignatureInvalid"), producedAt };
  }
  const single = data.responses.find((r) => {
    const hash = HASHES[r.certID.hashAlgorithm.algorithm];
    if (!hash) return false;
    const serial = Buffer.from(r.certID.serialNumber).toString("hex").replace(/^0+/, "").toUpperCase();
    return (
      serial === leaf.serialNumber.replace(/^0+/, "").toUpperCase() &&
      Buffer.from(r.certID.issuerNameHash.buffer).equals(
        crypto.createHash(hash).update(subjectDer(issuer)).digest(),
      ) &&
      Buffer.from(r.certID.issuerKeyHash.buffer).equals(
        hash === "sha1" ? keyHash(issuer) : crypto.createHash(hash).update(spkiBits(issuer)).digest(),
      )
    );
  });
  if (!single) return { outcome: fail("ocspOtherCertificate"), producedAt };
  if (single.certStatus.revoked) return { outcome: fail("ocspRevoked"), producedAt };
  if (single.certStatus.good === undefined) return { outcome: fail("ocspUnknown"), producedAt };
  return { outcome: OK, producedAt };
}

function spkiBits(certificate: crypto.X509Certificate): Buffer {
  const parsed = AsnConvert.parse(certificate.raw, Certificate);
  return Buffer.from(parsed.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey);
}

/**
 * Checks a stored signature and OCSP answer (both base64, as BankID's completionData holds them) against the
 * trusted roots. `ok` only when all three checks pass.
 */
export function verifyBankIdSignature(input: {
  signature: string;
  ocspResponse: string;
  trustedRoots: crypto.X509Certificate[];
}): SignatureVerification {
  const result: SignatureVerification = {
    ok: false,
    signature: fail("malformed"),
    chain: fail("untrustedChain"),
    ocsp: fail("ocspMalformed"),
    signer: null,
    chainSubjects: [],
    userVisibleData: null,
    userNonVisibleData: null,
    ocspProducedAt: null,
  };
  const xml = Buffer.from(input.signature, "base64").toString("utf8");
  const { outcome, parts } = checkXmlSignature(xml);
  result.signature = outcome;
  if (!parts) return result;
  result.signer = describe(parts.leaf);
  result.userVisibleData = parts.userVisibleData;
  result.userNonVisibleData = parts.userNonVisibleData;

  const chain = chainOf(parts.leaf, parts.intermediates, input.trustedRoots);
  if (!chain) return result;
  result.chainSubjects = chain.map((c) => c.subject);
  const issuer = chain[1] ?? chain[0]!;
  const ocsp = checkOcsp(input.ocspResponse, parts.leaf, issuer, input.trustedRoots);
  result.ocsp = ocsp.outcome;
  result.ocspProducedAt = ocsp.producedAt?.toISOString() ?? null;
  // The certificates must have been valid when the OCSP answer vouched for the signer (else: now).
  const at = ocsp.producedAt ?? new Date();
  result.chain = chain.every((c) => validAt(c, at)) ? OK : fail("certificateNotValidAtSigning");
  result.ok = result.signature.ok && result.chain.ok && result.ocsp.ok;
  return result;
}
