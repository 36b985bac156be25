import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as overview from "~/routes/transfers.$id.overview";
import * as messagesTab from "~/routes/transfers.$id.messages";
import * as additionals from "~/routes/transfers.$id.additionals";
import * as wizardRoute from "~/routes/transfers.$id.application.($page)";
import { getDb } from "~/server/db/db.server";
import { forbidden } from "~/server/domain/core/errors.server";
import { generatePersonnummer } from "~/lib/personnummer";
import { WizardBoundary } from "~/ui/wizard/WizardBoundary";
import { answered, formReplyOf, formRequest, request, signedInSession, startFreshApp } from "../support/app";
import { renderedPage } from "../support/render";
import type * as MessageViews from "~/server/domain/messages/views.server";
import type * as WizardDocuments from "~/server/web/wizard/documents.server";
import type * as Application from "~/server/domain/application/application.server";
import type * as AddNote from "~/server/domain/notes/add-note.server";
import type * as Guarantors from "~/server/domain/supplements/guarantors.server";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";
import { ANNA, insertWizardTransfer, keepErrorLines } from "../support/wizard";

/**
 * Spec 02 §8 and spec 03 §8: what a page says when a read or a write fails for a reason of ours (the database away)
 * or is refused: the spec's text, on the page the user is on, with what they typed kept. Each failure is made
 * by the part that would fail, replaced here for one call at a time.
 */

const fail = vi.hoisted(() => ({
  messages: false,
  documents: false,
  application: false,
  note: null as Error | null,
  guarantors: null as Error | null,
}));

vi.mock("~/server/domain/messages/views.server", async (original) => {
  const module = await original<typeof MessageViews>();
  return {
    ...module,
    listMessages: (...args: Parameters<typeof module.listMessages>) =>
      fail.messages ? Promise.reject(new Error("database away")) : module.listMessages(...args),
  };
});
vi.mock("~/server/web/wizard/documents.server", async (original) => {
  const module = await original<typeof WizardDocuments>();
  return {
    ...module,
    wizardDocuments: (...args: Parameters<typeof module.wizardDocuments>) =>
      fail.documents ? Promise.reject(new Error("database away")) : module.wizardDocuments(...args),
  };
});
vi.mock("~/server/domain/application/application.server", async (original) => {
  const module = await original<typeof Application>();
  return {
    ...module,
    getApplication: (...args: Parameters<typeof module.getApplication>) =>
      fail.application ? Promise.reject(new Error("database away")) : module.getApplication(...args),
  };
});
vi.mock("~/server/domain/notes/add-note.server", async (original) => {
  const module = await original<typeof AddNote>();
  return {
    ...module,
    addNote: (...args: Parameters<typeof module.addNote>) =>
      fail.note ? Promise.reject(fail.note) : module.addNote(...args),
  };
});
vi.mock("~/server/domain/supplements/guarantors.server", async (original) => {
  const module = await original<typeof Guarantors>();
  return {
    ...module,
    setAnswerGuarantors: (...args: Parameters<typeof module.setAnswerGuarantors>) =>
      fail.guarantors ? Promise.reject(fail.guarantors) : module.setAnswerGuarantors(...args),
  };
});

const context = {};
let maria: string;
const GUN = generatePersonnummer({ year: 1990, month: 1, day: 1 }, 123);

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(db, { id: "ft-1", objectId: WORLD.objectA });
  await insertWizardTransfer(db, "ft-wizard", [
    { id: "ft-wizard-anna", identifier: ANNA, firstName: "Anna" },
  ]);
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
});

/** The error lines the failures log. */
let logged: string[] = [];
beforeAll(() => {
  logged = keepErrorLines();
});

afterEach(() => {
  logged.length = 0;
  Object.assign(fail, {
    messages: false,
    documents: false,
    application: false,
    note: null,
    guarantors: null,
  });
});

describe("the Meddelanden tab", () => {
  it("says `Kunde inte hämta meddelanden` in place of the list when the messages cannot be read", async () => {
    fail.messages = true;
    const page = await renderedPage(
      messagesTab,
      "/transfers/:id/messages",
      request("/transfers/ft-1/messages", { cookie: maria }),
    );
    expect(page.status).toBe(500);
    expect(page.html).toContain("Kunde inte hämta meddelanden");
    expect(page.html).not.toContain("Det finns inga meddelanden");
    expect(logged.join("")).toContain("the messages of a transfer could not be read");
    // The tab is still there, with its way to write.
    expect(page.html).toContain("Nytt meddelande");
  });

  it("lists the messages as before when they can be read", async () => {
    const page = await renderedPage(
      messagesTab,
      "/transfers/:id/messages",
      request("/transfers/ft-1/messages", { cookie: maria }),
    );
    expect(page.status).toBe(200);
    expect(page.html).not.toContain("Kunde inte hämta meddelanden");
    expect(page.html).toContain("Det finns inga meddelanden");
  });
});

describe("the note form", () => {
  const post = (fields: Record<string, string>) =>
    answered(
      overview.action({
        request: formRequest("/transfers/ft-1/overview", fields, { cookie: maria }),
        params: { id: "ft-1" },
        context,
      }),
    );

  it("a note the database does not take says `Något gick fel`, and the note stays in its box", async () => {
    fail.note = new Error("database away");
    const response = await post({ intent: "addNote", body: "Ring säljaren på måndag" });
    expect(response.status).toBe(500);
    const reply = await formReplyOf(response);
    expect(reply.form).toEqual(["Något gick fel"]);
    expect(reply.values.body).toBe("Ring säljaren på måndag");
    expect(logged.join("")).toContain("a note could not be saved");
  });

  it("a refused note says `Något gick fel`, then why, and keeps the note", async () => {
    fail.note = forbidden();
    const response = await post({ intent: "addNote", body: "Ring säljaren på måndag" });
    expect(response.status).toBe(403);
    const reply = await formReplyOf(response);
    expect(reply.form[0]).toBe("Något gick fel");
    expect(reply.form).toHaveLength(2);
    expect(reply.form[1]).not.toMatch(/Översättning saknas/);
    expect(reply.values.body).toBe("Ring säljaren på måndag");
  });
});

describe("the guarantors of a supplement answer", () => {
  const post = (intent: string) =>
    answered(
      additionals.action({
        request: formRequest(
          "/transfers/ft-1/additionals",
          {
            intent,
            requestId: "req-1",
            "guarantors[0].id": "g-1",
            "guarantors[0].identifier": GUN,
            "guarantors[0].firstName": "Gun",
            "guarantors[0].lastName": "Borg",
          },
          { cookie: maria },
        ),
        params: { id: "ft-1" },
        context,
      }),
    );

  it("a guarantor that cannot be saved says `Misslyckades uppdatera borgensman`, then why, and keeps the input", async () => {
    fail.guarantors = forbidden();
    const response = await post("saveGuarantors");
    expect(response.status).toBe(403);
    const reply = await formReplyOf(response);
    expect(reply.form[0]).toBe("Misslyckades uppdatera borgensman");
    expect(reply.form).toHaveLength(2);
    expect(reply.values.guarantors).toEqual([
      { id: "g-1", identifier: GUN, firstName: "Gun", lastName: "Borg" },
    ]);
  });

  it("adding and removing keep their own texts", async () => {
    fail.guarantors = forbidden();
    expect((await formReplyOf(await post("addGuarantor"))).form[0]).toBe(
      "Misslyckades uppdatera listan av borgensmän",
    );
    expect((await formReplyOf(await post("removeGuarantor:g-1"))).form[0]).toBe(
      "Misslyckades radera borgensman",
    );
  });

  it("a failure of ours says the text and keeps the input (500)", async () => {
    fail.guarantors = new Error("database away");
    const response = await post("saveGuarantors");
    expect(response.status).toBe(500);
    const reply = await formReplyOf(response);
    expect(reply.form).toEqual(["Misslyckades uppdatera borgensman"]);
    expect(reply.values.guarantors).toHaveLength(1);
  });
});

describe("the application wizard", () => {
  const open = (page: string) =>
    renderedPage(
      wizardRoute,
      "/transfers/:id/application/:page?",
      request(`/transfers/ft-wizard/application/${page}`, { cookie: maria }),
      { boundary: WizardBoundary },
    );

  it("a step whose documents cannot be read says `Kunde inte hämta dokument tillhörande ansökan`", async () => {
    fail.documents = true;
    const page = await open("requiredDocuments");
    expect(page.status).toBe(500);
    expect(page.html).toContain("Kunde inte hämta dokument tillhörande ansökan");
    // The step itself is there: its heading and the type's form.
    expect(page.html).toContain("Obligatoriska dokument");
  });

  it("the step says nothing of the kind when its documents are read", async () => {
    const page = await open("requiredDocuments");
    expect(page.status).toBe(200);
    expect(page.html).not.toContain("Kunde inte hämta dokument tillhörande ansökan");
  });

  it("an application that cannot be read says `Gick inte att hämta ansökan.`, with the way back to the transfer", async () => {
    fail.application = true;
    const page = await open("requiredDocuments");
    expect(page.status).toBe(500);
    expect(page.html).toContain("Kunde inte hämta ansökan");
    expect(page.html).toContain("Gick inte att hämta ansökan.");
    expect(page.html).toContain('href="/transfers/ft-wizard"');
    expect(logged.join("")).toContain("an application could not be read");
  });
});
