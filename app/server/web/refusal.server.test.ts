import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import {
  conflict,
  DomainError,
  forbidden,
  invalid,
  invalidTransition,
  notFound,
} from "../domain/core/errors.server";
import { resetEnvForTests } from "../platform/env.server";
import { parseForm, type FormReply } from "./forms.server";
import {
  catchRefusal,
  domainFieldErrors,
  domainFormErrors,
  refuse,
  replyFields,
  replyForm,
  toastBack,
  type Refusals,
} from "./refusal.server";
import { getToasts } from "./toast.server";

// The toasts travel in a signed cookie: a secret of this file's own (it runs in a worker of its own).
const saved = { DATA_DIR: process.env.DATA_DIR, SESSION_SECRET: process.env.SESSION_SECRET };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "op-refusal-"));

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "r".repeat(32);
  resetEnvForTests();
});

afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const answer = (name: string) => () => name;

/** Every code of a refusal, with a part's NotFound beside the transfer's own. */
const refusals = {
  transferNotFound: notFound(),
  partNotFound: new DomainError("NotFound", "changeRequests.notFound"),
  validation: invalid({ body: ["notes.bodyRequired"] }),
  forbidden: forbidden(),
  conflict: conflict(),
  invalidTransition: invalidTransition(),
};

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (thrown) {
    return thrown;
  }
  throw new Error("nothing was thrown");
}

describe("refuse", () => {
  it("answers each code with its own answer", async () => {
    const map: Refusals<string> = {
      notFound: answer("notFound"),
      partNotFound: answer("partNotFound"),
      validation: answer("validation"),
      forbidden: answer("forbidden"),
      conflict: answer("conflict"),
      invalidTransition: answer("invalidTransition"),
      otherwise: answer("otherwise"),
    };
    for (const [name, error] of Object.entries(refusals)) {
      expect(await refuse(error, map)).toBe(name === "transferNotFound" ? "notFound" : name);
    }
  });

  it("answers a code without an answer of its own with otherwise", async () => {
    for (const error of Object.values(refusals)) {
      expect(await refuse(error, { otherwise: answer("otherwise") })).toBe("otherwise");
    }
  });

  it("rethrows a refusal that nothing answers, and answers the rest", async () => {
    for (const error of Object.values(refusals)) {
      const map: Refusals<string> = { validation: answer("validation") };
      if (error.code === "Validation") expect(await refuse(error, map)).toBe("validation");
      else expect(await thrownBy(refuse(error, map))).toBe(error);
    }
  });

  it('throws the transfer\'s 404 page for notFound: "page", a missing part too unless partNotFound answers it', async () => {
    for (const error of [refusals.transferNotFound, refusals.partNotFound]) {
      const thrown = await thrownBy(refuse(error, { notFound: "page", otherwise: answer("otherwise") }));
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
      expect(await (thrown as Response).json()).toEqual({ title: "Överlåtelsen hittades inte" });
    }
    const map: Refusals<string> = { notFound: "page", partNotFound: answer("part") };
    expect(await refuse(refusals.partNotFound, map)).toBe("part");
    expect(await thrownBy(refuse(refusals.transferNotFound, map))).toBeInstanceOf(Response);
  });

  it("rethrows an error that is not a refusal, whatever the map says, unless failure answers it", async () => {
    const error = new Error("the database is gone");
    expect(await thrownBy(refuse(error, { notFound: "page", otherwise: answer("otherwise") }))).toBe(error);
    expect(await refuse(error, { otherwise: answer("otherwise"), failure: (e) => String(e) })).toBe(
      "Error: the database is gone",
    );
    // A refusal is never the failure's.
    expect(await refuse(conflict(), { otherwise: answer("otherwise"), failure: answer("failure") })).toBe(
      "otherwise",
    );
  });

  it("waits for an answer that is a promise", async () => {
    expect(await refuse(conflict(), { conflict: async () => "later" })).toBe("later");
  });
});

describe("catchRefusal", () => {
  it("is the body's value when nothing is refused", async () => {
    expect(await catchRefusal(async () => 42, { otherwise: () => null })).toBe(42);
  });

  it("is the answer to the body's refusal; anything else is rethrown", async () => {
    expect(
      await catchRefusal(
        async () => {
          throw forbidden();
        },
        { otherwise: () => null },
      ),
    ).toBeNull();
    const broken = new TypeError("broken");
    expect(
      await thrownBy(
        catchRefusal(
          async () => {
            throw broken;
          },
          { otherwise: () => null },
        ),
      ),
    ).toBe(broken);
    const page = await thrownBy(
      catchRefusal(
        async () => {
          throw notFound();
        },
        { notFound: "page" },
      ),
    );
    expect((page as Response).status).toBe(404);
  });
});

describe("toastBack", () => {
  const request = new Request("http://localhost/transfers/t-1/overview", { method: "POST" });

  async function toastsOf(response: Response) {
    const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const { toasts } = await getToasts(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    return toasts.map(({ key, type, values }) => ({ key, type, values }));
  }

  it("goes back (303) with the refusal's reason in Swedish", async () => {
    const response = await toastBack(request, "/transfers/t-1/overview")(conflict());
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/transfers/t-1/overview");
    expect(await toastsOf(response)).toEqual([
      {
        key: "review:toast.refused",
        type: "error",
        values: {
          reason: "Överlåtelsen har ändrats av någon annan under tiden. Ladda om sidan och försök igen.",
        },
      },
    ]);
  });

  it("says a blocker's reason from the policy texts, after the step's own failure text, under the page's key", async () => {
    const response = await toastBack(request, "/here", {
      failed: "review:additionals.toast.createFailed",
      key: "review:additionals.toast.refused",
    })(forbidden("blockers.backgroundTask"));
    expect(await toastsOf(response)).toEqual([
      { key: "review:additionals.toast.createFailed", type: "error", values: undefined },
      { key: "review:additionals.toast.refused", type: "error", values: { reason: "Bakgrundsjobb pågår" } },
    ]);
  });
});

describe("a Validation refusal as the form's errors", () => {
  const Schema = z.object({ body: z.string(), fileName: z.string().optional() });
  const form = new FormData();
  form.set("body", "Hej");
  const submission = parseForm(form, Schema);
  const refusal = invalid({
    body: ["notes.bodyRequired", "common:forms.tooLong"],
    fileName: ["documents.notPdf"],
    file: ["documents.fileRequired"],
  });

  it("namespaces the domain's keys, field by field, a renamed field joining the form's own", () => {
    expect(domainFieldErrors(refusal)).toEqual({
      body: ["domain:notes.bodyRequired", "common:forms.tooLong"],
      fileName: ["domain:documents.notPdf"],
      file: ["domain:documents.fileRequired"],
    });
    expect(domainFieldErrors(refusal, { fileName: "file" })).toEqual({
      body: ["domain:notes.bodyRequired", "common:forms.tooLong"],
      file: ["domain:documents.notPdf", "domain:documents.fileRequired"],
    });
    expect(domainFormErrors(refusal)).toEqual([
      "domain:notes.bodyRequired",
      "common:forms.tooLong",
      "domain:documents.notPdf",
      "domain:documents.fileRequired",
    ]);
  });

  it("replies 400 with the errors at their fields, and what was typed", async () => {
    const response = await replyFields(submission, { fileName: "file" })(refusal);
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as FormReply;
    expect(result.error).toEqual(domainFieldErrors(refusal, { fileName: "file" }));
    expect(result.initialValue).toEqual({ body: "Hej" });
  });

  it("replies 400 with every error in the summary, and what was typed", async () => {
    const response = await replyForm(submission)(refusal);
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as FormReply;
    expect(result.error).toEqual({ "": domainFormErrors(refusal) });
    expect(result.initialValue).toEqual({ body: "Hej" });
  });
});
