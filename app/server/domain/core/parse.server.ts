import type * as z from "zod";
import { fieldErrorsOf } from "~/schemas/transfer";
import { invalid } from "./errors.server";

/** A use case's input through its schema from app/schemas: the data, or a Validation refusal with field errors. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalid(fieldErrorsOf(result.error));
  return result.data;
}
