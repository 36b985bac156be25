import { Transform, type TransformCallback } from "node:stream";

/**
 * React writes a document in many small chunks (2 KB views, a write per flush); every chunk then crosses a web
 * stream, a Node stream and a zlib call of its own, which cost more than the compression itself. Chunks
 * written within one turn of the event loop leave as one; a later turn (a streamed Suspense boundary) still
 * leaves when it is written.
 */
export class CoalescingPassThrough extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.pending.push(withoutReactViewPadding(chunk));
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.release();
    callback();
  }

  private release(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const chunks = this.pending;
    this.pending = [];
    this.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }
}

/** React's server renderer (react-dom 18.3.1, ReactServerStreamConfigNode) encodes text into views of this size. */
const REACT_VIEW_SIZE = 2048;

/**
 * React 18.3.1's `renderToPipeableStream` writes NUL bytes into the page (facebook/react#31134): when a short text
 * does not fit in the view being filled, React writes out the whole view, not the bytes it filled, and the last
 * one to three bytes (the room a two- to four-byte character such as å did not fit in) go out as zeros. The page
 * then reads "Anv\0ändarmeny", which screen readers speak and HTML parsers treat as an error. Such a view is a
 * chunk of exactly 2048 bytes ending in zeros; the zeros are cut off here. A page never has a NUL of its own
 * (HTML does not allow one, and input is stripped of them), so nothing real is lost, and a React that no longer
 * does this leaves nothing to cut.
 */
export function withoutReactViewPadding(chunk: Buffer): Buffer {
  if (chunk.byteLength !== REACT_VIEW_SIZE || chunk[REACT_VIEW_SIZE - 1] !== 0) return chunk;
  let end = REACT_VIEW_SIZE - 1;
  while (end > REACT_VIEW_SIZE - 4 && chunk[end - 1] === 0) end--;
  return chunk.subarray(0, end);
}
