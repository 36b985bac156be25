import * as z from "zod";
import "./zod-errors";

/** The company registry simulator's control page (/dev/registry): end a seat, or run the board refresh now. */
export const EndSeatSchema = z.object({
  seat: z.string({ error: "validation.required" }).regex(/^\d{12}:\d{10}$/, "validation.format"),
});
