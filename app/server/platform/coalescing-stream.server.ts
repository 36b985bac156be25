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
    this.pending.push(chunk);
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
