import { describe, expect, it } from "vitest";
import * as z from "zod";
import "~/schemas/zod-errors";
import { withValues, splitMessage } from "~/lib/messages";
import { formError, handleIntent, parseForm, readPageForm, refuseForm, type FormReply } from "./forms.server";

function formOf(entries: Array<[string, string]>): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

const ok = (what: string) => async () =>
  new Response(what, { status: 303, headers: { Location: `/${what}` } });

async function replyOf(response: Response): Promise<FormReply["result"]> {
  return ((await response.json()) as FormReply).result;
}

describe("handleIntent", () => {
  const handlers = { save: ok("saved"), remove: ok("removed") };

  it("runs the handler its intent names, and only that one", async () => {
    const response = await handleIntent(formOf([["intent", "remove"]]), handlers);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/removed");
  });

  it.each([
    ["missing", []],
    ["unknown", [["intent", "drop-tables"]]],
    ["an inherited property name", [["intent", "toString"]]],
    ["empty", [["intent", ""]]],
    [
      "repeated",
      [
        ["intent", "save"],
        ["intent", "remove"],
      ],
    ],
  ] as Array<[string, Array<[string, string]>]>)(
    "a %s intent is a 400 in Swedish that keeps what was typed",
    async (_, entries) => {
      const response = await handleIntent(formOf([...entries, ["body", "min text"]]), handlers);
      expect(response.status).toBe(400);
      const result = await replyOf(response);
      expect(result.status).toBe("error");
      expect(result.error?.[""]).toEqual(["common:forms.unknownIntent"]);
      expect((result.initialValue as Record<string, unknown>).body).toBe("min text");
    },
  );
});

describe("the form answers", () => {
  const Schema = z.object({
    name: z.string().trim().min(1, "validation.required").max(5, "validation.tooLong"),
  });

  it("a failed parse answers 400 with field errors (locale keys) and every value typed", async () => {
    const submission = parseForm(
      formOf([
        ["name", "abcdefgh"],
        ["other", "kept"],
      ]),
      Schema,
    );
    expect(submission.status).toBe("error");
    const response = formError(submission);
    expect(response.status).toBe(400);
    const result = await replyOf(response);
    expect(result.error).toEqual({ name: ["validation.tooLong"] });
    expect(result.initialValue).toEqual({ name: "abcdefgh", other: "kept" });
  });

  it("a field sent twice is an error of that field, not a crash", async () => {
    const submission = parseForm(
      formOf([
        ["name", "a"],
        ["name", "b"],
      ]),
      Schema,
    );
    expect(submission.status).toBe("error");
    expect((await replyOf(formError(submission))).error?.name?.length).toBe(1);
  });

  it("form-level errors and another status keep the one shape", async () => {
    const submission = parseForm(formOf([["name", "Anna"]]), Schema);
    const response = formError(submission, { formErrors: ["toast.accountUpdateFailed"], status: 503 });
    expect(response.status).toBe(503);
    const result = await replyOf(response);
    expect(result.error?.[""]).toEqual(["toast.accountUpdateFailed"]);
    expect(result.initialValue).toEqual({ name: "Anna" });
  });

  it("refuseForm answers before any schema, with the values", async () => {
    const result = await replyOf(refuseForm(formOf([["a", "1"]]), "common:forms.unknownIntent"));
    expect(result.error).toEqual({ "": ["common:forms.unknownIntent"] });
    expect(result.initialValue).toEqual({ a: "1" });
  });

  it("a page form takes a 1 MB field value, so a too long text comes back with its error", async () => {
    const long = "å".repeat(1_000_000);
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: long }),
    });
    const form = await readPageForm(request);
    const result = await replyOf(formError(parseForm(form, Schema)));
    expect(result.error?.name).toEqual(["validation.tooLong"]);
    expect((result.initialValue as { name: string }).name).toHaveLength(1_000_000);
  });
});

describe("messages with values", () => {
  it("round-trips a key and its values, and leaves a plain key alone", () => {
    expect(splitMessage(withValues("login.throttled", { minutes: 5 }))).toEqual({
      key: "login.throttled",
      values: { minutes: 5 },
    });
    expect(splitMessage("validation.required")).toEqual({ key: "validation.required" });
    expect(splitMessage("odd|{not json")).toEqual({ key: "odd|{not json" });
  });
});
