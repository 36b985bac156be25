import * as z from "zod";
import "./zod-errors";

/** Uploads (spec 02 §5 "Uploads"): PDF only, at most 25 MB per file. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

// Control and format characters, and the characters a path or a Windows file name cannot hold.
const FORBIDDEN = /[\p{Cc}\p{Cf}:"<>|*?\\/]/u;

/**
 * An uploaded file's name as the user's computer gave it: 1–200 characters after trimming (NFC), none of them a
 * control character or one of : " < > | * ? \ /, and not `.` or `..`. Messages are keys of domain.json.
 */
export const UploadFileNameSchema = z
  .string({ error: "documents.fileNameRequired" })
  .transform((name) => name.normalize("NFC").trim())
  .pipe(
    z
      .string()
      .min(1, "documents.fileNameRequired")
      .max(200, "documents.fileNameTooLong")
      .refine((name) => !FORBIDDEN.test(name), "documents.fileNameCharacters")
      .refine((name) => name !== "." && name !== "..", "documents.fileNameCharacters"),
  );

/** The name a download is saved under: the spec's characters replaced by underscores (spec 02 §5). */
export function downloadFileName(name: string): string {
  return name.replace(new RegExp(FORBIDDEN.source, "gu"), "_");
}
