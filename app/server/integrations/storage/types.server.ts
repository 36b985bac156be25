/**
 * Where documents live (decision 016; uploads build on it, decision 018): one interface, files under keys the server
 * makes (`transfers/{transferId}/{documentId}.pdf`, `…/summary-{documentId}.pdf` for a summary), never from user
 * input. Reads are streamed.
 */
export interface FileStorage {
  readonly kind: "disk" | "s3";
  /** Writes the whole stream under the key, replacing what was there. */
  put(key: string, body: ReadableStream<Uint8Array> | Uint8Array): Promise<{ sizeInBytes: number }>;
  /** The file as a stream, or null when there is none. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the file; false when it was already gone (a retried erasure is not an error). */
  delete(key: string): Promise<boolean>;
  exists(key: string): Promise<boolean>;
}

export class StorageKeyError extends Error {
  override readonly name = "StorageKeyError";
}

/** Keys are ours: lower-case path segments of letters, digits, `-`, `_` and `.`, never `..`, never absolute. */
const KEY = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/i;

export function assertStorageKey(key: string): string {
  if (key.length > 512 || !KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new StorageKeyError(`not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
  return key;
}
