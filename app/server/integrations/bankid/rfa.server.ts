import type { CollectStatus } from "./types.server";

// BankID's "Recommended Terminology for Acquirers" message codes; the Swedish texts are in locales/sv/bankid.json.
export const RFA_CODES = [
  "RFA1",
  "RFA2",
  "RFA3",
  "RFA4",
  "RFA5",
  "RFA6",
  "RFA8",
  "RFA9",
  "RFA13",
  "RFA15A",
  "RFA15B",
  "RFA16",
  "RFA17A",
  "RFA17B",
  "RFA18",
  "RFA20",
  "RFA21",
  "RFA22",
  "RFA23",
] as const;
export type RfaCode = (typeof RFA_CODES)[number];

export interface RfaInput<S extends CollectStatus = CollectStatus> {
  status: S;
  hintCode?: string;
  /** The app was (to be) launched on the device showing the page, not through the QR code. */
  sameDevice: boolean;
  /** The device showing the page is a phone or tablet (only matters on the same device). */
  mobile?: boolean;
}

export function rfaFor(input: RfaInput<"pending" | "failed">): RfaCode;
export function rfaFor(input: RfaInput<"complete">): null;
export function rfaFor(input: RfaInput): RfaCode | null;
export function rfaFor({ status, hintCode, sameDevice, mobile = false }: RfaInput): RfaCode | null {
  if (status === "complete") return null;
  if (status === "pending") {
    switch (hintCode) {
      case "outstandingTransaction":
        return sameDevice ? "RFA13" : "RFA1";
      case "noClient":
        return "RFA1";
      case "started":
        // RFA15A/B speak of BankID "on this computer/device": true only when the app runs on the device
        // showing the page. After the QR was scanned on another device the generic pending message fits.
        if (!sameDevice) return "RFA21";
        return mobile ? "RFA15B" : "RFA15A";
      case "userSign":
        return "RFA9";
      case "userMrtd":
        return "RFA23";
      default:
        return "RFA21";
    }
  }
  switch (hintCode) {
    case "expiredTransaction":
      return "RFA8";
    case "certificateErr":
      return "RFA16";
    case "userCancel":
      return "RFA6";
    case "cancelled":
      return "RFA3";
    case "startFailed":
      return sameDevice ? "RFA17A" : "RFA17B";
    default:
      return "RFA22";
  }
}
