import type crypto from "node:crypto";
import { SignedXml } from "xml-crypto";

// BankID's completionData.signature is base64 of an XML-DSig document (a <Signature> root) whose Object holds
// bankIdSignedData with the userVisibleData (as sent, still base64) in <usrVisibleData>. These helpers read that
// back without checking anything (verify.server.ts checks), and make the simulator's signature the same way
// BankID makes its own: RSA-SHA256 over exclusive-c14n references to #bidSignedData and #bidKeyInfo, the signer's
// certificate chain in KeyInfo.

export const BANKID_TYPES_NS = "http://www.bankid.com/signature/v1.0.0/types";
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";

const VISIBLE_DATA = /<(?:\w+:)?usrVisibleData\b[^>]*>([^<]*)<\/(?:\w+:)?usrVisibleData>/;
const NON_VISIBLE_DATA = /<(?:\w+:)?usrNonVisibleData\b[^>]*>([^<]*)<\/(?:\w+:)?usrNonVisibleData>/;

function decodeXml(signatureBase64: string): string {
  return Buffer.from(signatureBase64, "base64").toString("utf8");
}

/** The userVisibleData (base64, exactly as sent in /sign) that a signature's XML holds (unchecked). */
export function signedUserVisibleData(signatureBase64: string): string | undefined {
  return VISIBLE_DATA.exec(decodeXml(signatureBase64))?.[1]?.trim();
}

export function signedUserNonVisibleData(signatureBase64: string): string | undefined {
  return NON_VISIBLE_DATA.exec(decodeXml(signatureBase64))?.[1]?.trim();
}

/** True when the signature's XML holds exactly the text we asked the person to sign (unchecked). */
export function signatureCovers(signatureBase64: string, userVisibleData: string): boolean {
  return signedUserVisibleData(signatureBase64) === userVisibleData;
}

/** The text of one element of the signed XML, as the canonical XML of a reference holds it. */
export function elementText(xml: string, localName: string): string | undefined {
  const pattern = new RegExp(`<(?:\\w+:)?${localName}\\b[^>]*>([^<]*)</(?:\\w+:)?${localName}>`);
  return pattern.exec(xml)?.[1]?.trim();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface SignatureInput {
  orderRef: string;
  personalNumber: string;
  name: string;
  ipAddress: string;
  userVisibleData: string | undefined;
  userNonVisibleData: string | undefined;
  signedAt: number;
  /** The signer's key and certificate chain, leaf first (the simulator's test PKI). */
  privateKey: crypto.KeyObject;
  chain: crypto.X509Certificate[];
}

function derBase64(certificate: crypto.X509Certificate): string {
  return certificate.raw.toString("base64");
}

/** An XML-DSig signature over bankIdSignedData, laid out as BankID lays out its own; base64 of the XML. */
export function xmlDsigSignature(input: SignatureInput): string {
  const signedData = [
    `<bankIdSignedData xmlns="${BANKID_TYPES_NS}" Id="bidSignedData">`,
    input.userVisibleData === undefined
      ? ""
      : `<usrVisibleData charset="UTF-8" visible="wysiwys">${escapeXml(input.userVisibleData)}</usrVisibleData>`,
    input.userNonVisibleData === undefined
      ? ""
      : `<usrNonVisibleData>${escapeXml(input.userNonVisibleData)}</usrNonVisibleData>`,
    `<srvInfo><name>${escapeXml(input.name)}</name><personalNumber>${escapeXml(input.personalNumber)}</personalNumber>`,
    `<orderRef>${escapeXml(input.orderRef)}</orderRef><ipAddress>${escapeXml(input.ipAddress)}</ipAddress>`,
    `<time>${new Date(input.signedAt).toISOString()}</time></srvInfo>`,
    "</bankIdSignedData>",
  ].join("");
  const certificates = input.chain.map((c) => `<X509Certificate>${derBase64(c)}</X509Certificate>`).join("");
  const signer = new SignedXml({
    privateKey: input.privateKey.export({ type: "pkcs8", format: "pem" }),
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
    keyInfoAttributes: { Id: "bidKeyInfo" },
    getKeyInfoContent: () => `<X509Data>${certificates}</X509Data>`,
    objects: [{ content: signedData }],
  });
  signer.addReference({
    xpath: "//*[@Id='bidSignedData']",
    transforms: [EXC_C14N],
    digestAlgorithm: SHA256,
    type: `${BANKID_TYPES_NS}`,
  });
  signer.addReference({ xpath: "//*[@Id='bidKeyInfo']", transforms: [EXC_C14N], digestAlgorithm: SHA256 });
  // xml-crypto signs into a document; the signature element alone is what BankID hands out.
  signer.computeSignature("<signed/>", { location: { reference: "/*", action: "append" } });
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${signer.getSignatureXml()}`;
  return Buffer.from(xml, "utf8").toString("base64");
}
