import * as z from "zod";

/** What an external system answered: the HTTP status and the JSON body. */
export type ContractAnswer = { status: number; body: unknown };

/**
 * An external system's JSON answer, checked against the contract we document for it (docs/*-api.md). An answer
 * that does not match is never used: `mismatch` turns the check's description into the caller's own error.
 */
export function checkedAnswer<T>(
  schema: z.ZodType<T>,
  answer: ContractAnswer,
  mismatch: (message: string, httpStatus: number) => Error,
): T {
  const result = schema.safeParse(answer.body);
  if (!result.success) {
    throw mismatch(`The answer does not match the contract: ${z.prettifyError(result.error)}`, answer.status);
  }
  return result.data;
}
