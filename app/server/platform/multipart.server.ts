import { mediaType, refuse, stripNul } from "./body.server";
import { timedBody } from "./body-timeouts.server";
import { MultipartReader } from "./multipart-reader.server";

/**
 * A multipart form post with one file, read as it streams (decision 018: the upload form without JavaScript). The
 * small text fields before the file are collected (at most 64 kB each, 50 of them); the file is handed over as a
 * stream the moment its part begins, so the caller checks and stores it while it arrives and nothing is held whole.
 * Everything after the file is read and discarded. The whole body is capped (`limit`): past it, the read stops with a
 * Swedish 413, whether the client declared the length or not; a client too slow to send it is cut with a 408
 * (platform/body-timeouts). The parts come from MultipartReader, which hands the
 * file on as subarrays of the chunks the request delivered (decision 030).
 */

export interface StreamedFile {
  /** The name exactly as the client sent it (no basename taken: the caller validates it). */
  fileName: string;
  stream: ReadableStream<Uint8Array>;
}

export type UploadFormResult<T> =
  | { fields: FormData; file: T }
  /** The form had no file, or an empty file input (no file chosen). */
  | { fields: FormData; file: null }
  /**
   * Over the limit: the file was not looked at. `fieldsRead` holds the form's other fields when the body was over
   * by less than the limit again (they were read past the file, so the page can answer with what was typed), else
   * null (nothing was read).
   */
  | { fields: null; file: "tooLarge"; fieldsRead: FormData | null };

const FIELD_LIMIT = 64 * 1024;
const MAX_PARTS = 50;

async function fieldText(reader: MultipartReader): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.readData(); chunk !== null; chunk = await reader.readData()) {
    size += chunk.byteLength;
    if (size > FIELD_LIMIT) throw refuse(413, "tooLarge", false);
    chunks.push(chunk);
  }
  return stripNul(new TextDecoder().decode(Buffer.concat(chunks)));
}

/**
 * A byte counter in front of the parser: past the limit nothing more reaches the parser, and the rest of the body
 * is read and discarded (up to `discardUpTo`, so a browser that sent a little too much still gets the page's
 * answer rather than a reset connection) before the stream ends.
 */
function capped(body: ReadableStream<Uint8Array>, limit: number, discardUpTo: number) {
  let seen = 0;
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > discardUpTo) throw new BodyTooLarge();
        if (seen <= limit) controller.enqueue(chunk);
        else if (seen - chunk.byteLength < limit)
          controller.enqueue(chunk.subarray(0, limit - (seen - chunk.byteLength)));
      },
    }),
  );
  return { stream, exceeded: () => seen > limit };
}

class BodyTooLarge extends Error {
  override readonly name = "BodyTooLarge";
}

/** An error of the caller's file handler, passed through untouched (the parser's own errors become a 400). */
class FromHandler {
  constructor(readonly error: unknown) {}
}

export async function readUploadForm<T>(
  request: Request,
  limit: number,
  onFile: (fields: FormData, file: StreamedFile) => Promise<T>,
): Promise<UploadFormResult<T>> {
  if (mediaType(request) !== "multipart/form-data") throw refuse(415, "notForm", false);
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;]+))/i.exec(request.headers.get("Content-Type") ?? "");
  if (!boundary || !request.body) throw refuse(400, "unreadable", false);
  const discardUpTo = limit * 2;
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > discardUpTo) {
    await request.body.cancel().catch(() => undefined);
    return { fields: null, file: "tooLarge", fieldsRead: null };
  }
  const timed = timedBody(request.body);
  if (declared !== null && Number(declared) > limit) {
    return {
      fields: null,
      file: "tooLarge",
      fieldsRead: await fieldsOnly(timed.stream, boundaryOf(boundary), discardUpTo),
    };
  }
  const body = capped(timed.stream, limit, discardUpTo);
  const fields = new FormData();
  let result: { file: T } | null = null;
  let parts = 0;
  try {
    const reader = new MultipartReader(body.stream, boundaryOf(boundary));
    for (let part = await reader.nextPart(); part !== null; part = await reader.nextPart()) {
      if (++parts > MAX_PARTS) throw refuse(413, "tooLarge", false);
      if (part.filename === undefined) {
        fields.append(stripNul(part.name), await fieldText(reader));
        continue;
      }
      // A second file, or an empty file input (no file chosen): the next part is read past it.
      if (result !== null || part.filename === "") continue;
      let handlerError: { error: unknown } | null = null;
      try {
        result = {
          file: await onFile(fields, { fileName: stripNul(part.filename), stream: reader.partStream() }),
        };
      } catch (error) {
        handlerError = { error };
      }
      // What the handler left unread (a refused file) is read past before its answer counts.
      await reader.skipPart();
      if (handlerError) throw new FromHandler(handlerError.error);
    }
  } catch (error) {
    if (error instanceof FromHandler) throw error.error;
    if (timed.timedOut()) throw refuse(408, "tooSlow", false);
    // Past the limit: the file's own refusal (it is over 25 MB) if it got that far, else the form's.
    if (body.exceeded()) {
      return result ? { fields, file: result.file } : { fields: null, file: "tooLarge", fieldsRead: fields };
    }
    if (error instanceof Response) throw error;
    // What the parser cannot read (a broken body, a malformed part, a cut-off stream) is the client's 400.
    throw refuse(400, "unreadable", false);
  }
  return result ? { fields, file: result.file } : { fields, file: null };
}

function boundaryOf(match: RegExpExecArray): string {
  return match[1] ?? match[2]!;
}

/**
 * The fields of a body over the limit by less than the limit again, read past its file (not looked at), so that a
 * page refusing the file can still answer with everything else that was typed. What cannot be read ends the
 * reading: the fields before it are kept.
 */
async function fieldsOnly(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  upTo: number,
): Promise<FormData> {
  const fields = new FormData();
  const counted = capped(body, upTo, upTo);
  const reader = new MultipartReader(counted.stream, boundary);
  let parts = 0;
  try {
    for (let part = await reader.nextPart(); part !== null; part = await reader.nextPart()) {
      if (++parts > MAX_PARTS) break;
      if (part.filename === undefined) fields.append(stripNul(part.name), await fieldText(reader));
      else await reader.skipPart();
    }
  } catch {
    // A broken part or a body longer than declared: what was read so far is what there is.
  }
  return fields;
}
