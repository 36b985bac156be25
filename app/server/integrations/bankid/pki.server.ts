import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  AuthorityKeyIdentifier,
  BasicConstraints,
  Certificate,
  ExtendedKeyUsage,
  Extension,
  Extensions,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectKeyIdentifier,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Time,
  Validity,
  Version,
  id_ce_authorityKeyIdentifier,
  id_ce_basicConstraints,
  id_ce_extKeyUsage,
  id_ce_keyUsage,
  id_ce_subjectKeyIdentifier,
} from "@peculiar/asn1-x509";
import {
  BasicOCSPResponse,
  CertID,
  CertStatus,
  OCSPResponse,
  OCSPResponseStatus,
  ResponderID,
  ResponseBytes,
  ResponseData,
  RevokedInfo,
  SingleResponse,
  id_pkix_ocsp_basic,
} from "@peculiar/asn1-ocsp";

/**
 * The simulator's own small PKI (decision 028): a test root CA, a certificate per test person issued by it, and
 * OCSP answers signed by it, built with @peculiar/asn1-x509/-ocsp and signed with node:crypto. Nothing here is
 * BankID's; it exists so that a simulated signature can be checked exactly like a real one.
 */

export const OID_SHA256_WITH_RSA = "1.2.840.113549.1.1.11";
export const OID_SHA1 = "1.3.14.3.2.26";
const OID_CN = "2.5.4.3";
const OID_O = "2.5.4.10";
const OID_C = "2.5.4.6";
const OID_SERIAL_NUMBER = "2.5.4.5";
const OID_GIVEN_NAME = "2.5.4.42";
const OID_SURNAME = "2.5.4.4";
export const OID_OCSP_SIGNING = "1.3.6.1.5.5.7.3.9";

export interface Issuer {
  certificate: crypto.X509Certificate;
  privateKey: crypto.KeyObject;
}

export interface IssuedCertificate extends Issuer {
  pem: string;
}

function name(attributes: Array<[string, string]>): Name {
  return new Name(
    attributes.map(
      ([type, value]) =>
        new RelativeDistinguishedName([
          new AttributeTypeAndValue({
            type,
            value: new AttributeValue(type === OID_C ? { printableString: value } : { utf8String: value }),
          }),
        ]),
    ),
  );
}

function serial(): ArrayBuffer {
  const bytes = crypto.randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01; // positive and never a leading zero byte
  return new Uint8Array(bytes).buffer;
}

function spkiOf(publicKey: crypto.KeyObject): SubjectPublicKeyInfo {
  return AsnConvert.parse(publicKey.export({ type: "spki", format: "der" }), SubjectPublicKeyInfo);
}

/** SHA-1 of the subjectPublicKey bits: the key identifier of RFC 5280 §4.2.1.2 (1) and OCSP's key hash. */
export function keyHash(certificate: crypto.X509Certificate): Buffer {
  const spki = AsnConvert.parse(
    certificate.publicKey.export({ type: "spki", format: "der" }),
    SubjectPublicKeyInfo,
  );
  return crypto.createHash("sha1").update(Buffer.from(spki.subjectPublicKey)).digest();
}

/** The DER of a certificate's subject name (what OCSP's issuerNameHash hashes). */
export function subjectDer(certificate: crypto.X509Certificate): Buffer {
  const parsed = AsnConvert.parse(certificate.raw, Certificate);
  return Buffer.from(AsnConvert.serialize(parsed.tbsCertificate.subject));
}

function sha256WithRsa(): AlgorithmIdentifier {
  return new AlgorithmIdentifier({ algorithm: OID_SHA256_WITH_RSA, parameters: null });
}

function issue(input: {
  subject: Name;
  publicKey: crypto.KeyObject;
  issuer: { name: Name; privateKey: crypto.KeyObject; keyId: Buffer } | "self";
  selfKey?: crypto.KeyObject;
  notBefore: Date;
  notAfter: Date;
  ca: boolean;
  extKeyUsage?: string[];
}): crypto.X509Certificate {
  const keyId = crypto
    .createHash("sha1")
    .update(Buffer.from(spkiOf(input.publicKey).subjectPublicKey))
    .digest();
  const issuerName = input.issuer === "self" ? input.subject : input.issuer.name;
  const signingKey = input.issuer === "self" ? input.selfKey! : input.issuer.privateKey;
  const authorityKeyId = input.issuer === "self" ? keyId : input.issuer.keyId;
  const extensions = [
    new Extension({
      extnID: id_ce_basicConstraints,
      critical: true,
      extnValue: new OctetString(AsnConvert.serialize(new BasicConstraints({ cA: input.ca }))),
    }),
    new Extension({
      extnID: id_ce_keyUsage,
      critical: true,
      extnValue: new OctetString(
        AsnConvert.serialize(
          new KeyUsage(
            input.ca
              ? KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign | KeyUsageFlags.digitalSignature
              : KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation,
          ),
        ),
      ),
    }),
    new Extension({
      extnID: id_ce_subjectKeyIdentifier,
      extnValue: new OctetString(AsnConvert.serialize(new SubjectKeyIdentifier(new Uint8Array(keyId)))),
    }),
    new Extension({
      extnID: id_ce_authorityKeyIdentifier,
      extnValue: new OctetString(
        AsnConvert.serialize(
          new AuthorityKeyIdentifier({
            keyIdentifier: new OctetString(new Uint8Array(authorityKeyId)),
          }),
        ),
      ),
    }),
  ];
  if (input.extKeyUsage) {
    extensions.push(
      new Extension({
        extnID: id_ce_extKeyUsage,
        extnValue: new OctetString(AsnConvert.serialize(new ExtendedKeyUsage(input.extKeyUsage))),
      }),
    );
  }
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: serial(),
    signature: sha256WithRsa(),
    issuer: issuerName,
    validity: new Validity({ notBefore: input.notBefore, notAfter: input.notAfter }),
    subject: input.subject,
    subjectPublicKeyInfo: spkiOf(input.publicKey),
    extensions: new Extensions(extensions),
  });
  tbs.validity.notBefore = new Time({ utcTime: input.notBefore });
  tbs.validity.notAfter = new Time({ utcTime: input.notAfter });
  const tbsDer = Buffer.from(AsnConvert.serialize(tbs));
  const signature = crypto.sign("sha256", tbsDer, signingKey);
  const certificate = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: sha256WithRsa(),
    signatureValue: new Uint8Array(signature).buffer,
  });
  return new crypto.X509Certificate(Buffer.from(AsnConvert.serialize(certificate)));
}

function rsaKeyPair() {
  return crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
}

const YEAR_MS = 365 * 86_400_000;

/** A self-signed root CA valid for ten years from `now`. */
export function createTestCa(commonName: string, now = new Date()): Issuer {
  const { publicKey, privateKey } = rsaKeyPair();
  const subject = name([
    [OID_C, "SE"],
    [OID_O, "Överlåtelseportalen (test)"],
    [OID_CN, commonName],
  ]);
  const certificate = issue({
    subject,
    publicKey,
    issuer: "self",
    selfKey: privateKey,
    notBefore: new Date(now.getTime() - 86_400_000),
    notAfter: new Date(now.getTime() + 10 * YEAR_MS),
    ca: true,
  });
  return { certificate, privateKey };
}

function issuerOf(ca: Issuer) {
  return {
    name: AsnConvert.parse(ca.certificate.raw, Certificate).tbsCertificate.subject,
    privateKey: ca.privateKey,
    keyId: keyHash(ca.certificate),
  };
}

/** A person's signing certificate (two years), issued by `ca`, with a fresh key pair. */
export function issuePersonCertificate(
  ca: Issuer,
  person: { personalNumber: string; givenName: string; surname: string },
  now = new Date(),
): IssuedCertificate {
  const { publicKey, privateKey } = rsaKeyPair();
  const certificate = issue({
    subject: name([
      [OID_C, "SE"],
      [OID_SURNAME, person.surname],
      [OID_GIVEN_NAME, person.givenName],
      [OID_SERIAL_NUMBER, person.personalNumber],
      [OID_CN, `${person.givenName} ${person.surname}`],
    ]),
    publicKey,
    issuer: issuerOf(ca),
    notBefore: new Date(now.getTime() - 86_400_000),
    notAfter: new Date(now.getTime() + 2 * YEAR_MS),
    ca: false,
  });
  return { certificate, privateKey, pem: certificate.toString() };
}

/** A delegated OCSP responder's certificate (id-kp-OCSPSigning), issued by `ca`. */
export function issueOcspResponder(ca: Issuer, now = new Date()): Issuer {
  const { publicKey, privateKey } = rsaKeyPair();
  const certificate = issue({
    subject: name([
      [OID_C, "SE"],
      [OID_CN, "OCSP responder (test)"],
    ]),
    publicKey,
    issuer: issuerOf(ca),
    notBefore: new Date(now.getTime() - 86_400_000),
    notAfter: new Date(now.getTime() + YEAR_MS),
    ca: false,
    extKeyUsage: [OID_OCSP_SIGNING],
  });
  return { certificate, privateKey };
}

/** The CertID of RFC 6960 for `certificate` issued by `issuer` (SHA-1, as BankID's responders use). */
export function certIdOf(certificate: crypto.X509Certificate, issuer: crypto.X509Certificate): CertID {
  return new CertID({
    hashAlgorithm: new AlgorithmIdentifier({ algorithm: OID_SHA1, parameters: null }),
    issuerNameHash: new OctetString(
      new Uint8Array(crypto.createHash("sha1").update(subjectDer(issuer)).digest()),
    ),
    issuerKeyHash: new OctetString(new Uint8Array(keyHash(issuer))),
    serialNumber: new Uint8Array(Buffer.from(certificate.serialNumber, "hex")).buffer,
  });
}

/**
 * A successful basic OCSP response (DER, base64) about `certificate`, signed by `signer` (the issuing CA itself
 * or a delegated responder, whose certificate is then included). `revokedAt` answers revoked instead of good.
 */
export function ocspResponse(input: {
  certificate: crypto.X509Certificate;
  issuer: crypto.X509Certificate;
  signer: Issuer;
  producedAt: Date;
  revokedAt?: Date;
}): string {
  const status = input.revokedAt
    ? new CertStatus({ revoked: new RevokedInfo({ revocationTime: input.revokedAt }) })
    : new CertStatus({ good: null });
  const tbs = new ResponseData({
    responderID: new ResponderID({
      byKey: new OctetString(new Uint8Array(keyHash(input.signer.certificate))),
    }),
    producedAt: input.producedAt,
    responses: [
      new SingleResponse({
        certID: certIdOf(input.certificate, input.issuer),
        certStatus: status,
        thisUpdate: input.producedAt,
      }),
    ],
  });
  const tbsDer = Buffer.from(AsnConvert.serialize(tbs));
  const delegated = input.signer.certificate.fingerprint256 !== input.issuer.fingerprint256;
  const basic = new BasicOCSPResponse({
    tbsResponseData: tbs,
    signatureAlgorithm: sha256WithRsa(),
    signature: new Uint8Array(crypto.sign("sha256", tbsDer, input.signer.privateKey)).buffer,
    ...(delegated ? { certs: [AsnConvert.parse(input.signer.certificate.raw, Certificate)] } : {}),
  });
  const response = new OCSPResponse({
    responseStatus: OCSPResponseStatus.successful,
    responseBytes: new ResponseBytes({
      responseType: id_pkix_ocsp_basic,
      response: new OctetString(AsnConvert.serialize(basic)),
    }),
  });
  return Buffer.from(AsnConvert.serialize(response)).toString("base64");
}

/**
 * The simulator's root CA, made once and kept in `file` (PEM: key, then certificate) so that signatures stored
 * in the database stay verifiable across restarts. A file that cannot be read as a CA is replaced.
 */
export function persistentTestCa(file: string, now = new Date()): Issuer {
  try {
    const pem = fs.readFileSync(file, "utf8");
    const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(pem)?.[0];
    const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem)?.[0];
    if (key && cert) {
      const certificate = new crypto.X509Certificate(cert);
      const privateKey = crypto.createPrivateKey(key);
      if (certificate.ca && certificate.checkPrivateKey(privateKey)) return { certificate, privateKey };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const ca = createTestCa("Överlåtelseportalen BankID-simulator Root CA", now);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const pem = `${ca.privateKey.export({ type: "pkcs8", format: "pem" }).toString()}${ca.certificate.toString()}`;
  fs.writeFileSync(`${file}.tmp`, pem, { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  return ca;
}
