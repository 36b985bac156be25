import crypto from "node:crypto";
import { getEnv } from "./env.server";

/**
 * Short-lived signed links: documents open through them (spec 02 §7 "Documents"), and so does the disk storage's
 * upload URL (decision 018). The signature is an HMAC-SHA256 over the path and the expiry with the session secret; a
 * rotated secret still verifies links made before the rotation. Whoever holds the link may use it until it expires,
 * as with an S3 presigned URL, so links live minutes, and are made only after the server checked who asks.
 */

function mac(secret: string, path: string, expires: number): string {
  return crypto.createHmac("sha256", secret).update(`${path}\n${expires}`).digest("base64url");
}

export function signLink(path: string, ttlMs: number, now = Date.now()): string {
  const expires = Math.floor((now + ttlMs) / 1000);
  const sig = mac(getEnv().sessionSecrets[0]!, path, expires);
  return `${path}?expires=${expires}&sig=${sig}`;
}

/** Whether a request's URL carries a valid, unexpired signature for its own path. */
export function verifyLink(url: URL, now = Date.now()): boolean {
  const expires = Number(url.searchParams.get("expires"));
  const sig = url.searchParams.get("sig") ?? "";
  if (!Number.isSafeInteger(expires) || expires * 1000 < now || !/^[A-Za-z0-9_-]{43}$/.test(sig))
    return false;
  const given = Buffer.from(sig);
  return getEnv().sessionSecrets.some((secret) => {
    const expected = Buffer.from(mac(secret, url.pathname, expires));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}
