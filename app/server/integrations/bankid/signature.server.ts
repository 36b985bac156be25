// BankID's completionData.signature is base64 of an XML-DSig document whose bankIdSignedData element holds
// the userVisibleData (as sent, still base64) in <usrVisibleData>. These helpers read that back, and build
// the simulator's look-alike.

const VISIBLE_DATA = /<(?:\w+:)?usrVisibleData\b[^>]*>([^<]*)<\/(?:\w+:)?usrVisibleData>/;
const NON_VISIBLE_DATA = /<(?:\w+:)?usrNonVisibleData\b[^>]*>([^<]*)<\/(?:\w+:)?usrNonVisibleData>/;

function decodeXml(signatureBase64: string): string {
  return Buffer.from(signatureBase64, "base64").toString("utf8");
}

/** The userVisibleData (base64, exactly as sent in /sign) that a completed order's signature covers. */
export function signedUserVisibleData(signatureBase64: string): string | undefined {
  return VISIBLE_DATA.exec(decodeXml(signatureBase64))?.[1]?.trim();
}

export function signedUserNonVisibleData(signatureBase64: string): string | undefined {
  return NON_VISIBLE_DATA.exec(decodeXml(signatureBase64))?.[1]?.trim();
}

/** True when the signature covers exactly the text we asked the person to sign. */
export function signatureCovers(signatureBase64: string, userVisibleData: string): boolean {
  return signedUserVisibleData(signatureBase64) === userVisibleData;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface SimulatedSignatureInput {
  orderRef: string;
  personalNumber: string;
  name: string;
  ipAddress: string;
  userVisibleData: string | undefined;
  userNonVisibleData: string | undefined;
  signedAt: number;
}

/** Not a real signature: same element layout as BankID's, SignatureValue marked as simulated. */
export function simulatedSignature(input: SimulatedSignatureInput): string {
  const xml = [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    "<!-- SIMULATED by the Överlåtelseportalen BankID simulator: not signed by any bank, worthless as evidence -->",
    '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">',
    '<SignedInfo><SignatureMethod Algorithm="simulated"/></SignedInfo>',
    "<SignatureValue>SIMULATED</SignatureValue>",
    '<Object><bankIdSignedData xmlns="http://www.bankid.com/signature/v1.0.0/types" Id="bidSignedData">',
    input.userVisibleData === undefined
      ? ""
      : `<usrVisibleData charset="UTF-8" visible="wysiwys">${input.userVisibleData}</usrVisibleData>`,
    input.userNonVisibleData === undefined
      ? ""
      : `<usrNonVisibleData>${input.userNonVisibleData}</usrNonVisibleData>`,
    `<srvInfo><name>${escapeXml(input.name)}</name><personalNumber>${input.personalNumber}</personalNumber>`,
    `<orderRef>${input.orderRef}</orderRef><ipAddress>${escapeXml(input.ipAddress)}</ipAddress>`,
    `<time>${new Date(input.signedAt).toISOString()}</time></srvInfo>`,
    "</bankIdSignedData></Object></Signature>",
  ].join("");
  return Buffer.from(xml, "utf8").toString("base64");
}

export function simulatedOcspResponse(orderRef: string, signedAt: number): string {
  const text = `SIMULATED OCSP RESPONSE (not from BankID) order=${orderRef} producedAt=${new Date(signedAt).toISOString()}`;
  return Buffer.from(text, "utf8").toString("base64");
}
