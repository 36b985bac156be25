import * as z from "zod";
import "./zod-errors";
import { DOCUMENT_CATEGORIES } from "~/lib/transfer";
import { withValues } from "~/lib/messages";

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

/** A document category as a form or call gives it; which ones a transfer takes is the server's rule. */
export const DocumentCategoryField = z.enum(DOCUMENT_CATEGORIES, { error: "documents.categoryRequired" });

/** POST api/core/transfers/{id}/documents (spec 02 §7): the file's name and its category; answers {id, uploadUrl}. */
export const CreateDocumentSchema = z.object({
  fileName: UploadFileNameSchema,
  category: DocumentCategoryField,
});

/** PUT api/core/transfers/{id}/documents/{documentId}/category, and the Dokument tab's category form. */
export const DocumentCategorySchema = z.object({ category: DocumentCategoryField });

/** The Dokument tab's upload form without JavaScript: the category first, then the file (streamed, not in here). */
export const UploadFormSchema = z.object({ category: DocumentCategoryField });

/** The Dokument tab's category form: which document, and its new category. */
export const ChangeCategoryFormSchema = z.object({
  documentId: z.string({ error: "documents.documentRequired" }).min(1, "documents.documentRequired"),
  category: DocumentCategoryField,
});

/** The Dokument tab's removal, after its confirmation. */
export const RemoveDocumentFormSchema = z.object({
  documentId: z.string({ error: "documents.documentRequired" }).min(1, "documents.documentRequired"),
});

/**
 * The same form as the browser checks it before sending: a file must be chosen, its name must pass the server's
 * rule, and one over 25 MB is refused at once (with its name in the message) instead of after the upload.
 */
export const UploadFormClientSchema = UploadFormSchema.extend({
  file: z
    .custom<File>(
      (value) => typeof File !== "undefined" && value instanceof File && value.size > 0,
      "documents.fileRequired",
    )
    .superRefine((file, ctx) => {
      const name = UploadFileNameSchema.safeParse(file.name);
      if (!name.success) ctx.addIssue({ code: "custom", message: name.error.issues[0]!.message });
      else if (file.size > MAX_UPLOAD_BYTES)
        ctx.addIssue({ code: "custom", message: withValues("documents.tooLarge", { file: file.name }) });
    }),
});
