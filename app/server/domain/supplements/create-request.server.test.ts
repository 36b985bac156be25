import { describe, expect, it } from "vitest";
import { isBareOtherTemplate } from "./create-request.server";

describe("an Övrigt request's message", () => {
  it("is refused as it stands in the template, for any name", () => {
    expect(isBareOtherTemplate("Vänligen komplettera med följande gällande Anna Svensson: ")).toBe(true);
    expect(isBareOtherTemplate("  Vänligen komplettera med följande gällande Gun Borg:")).toBe(true);
  });

  it("is taken once it asks for something", () => {
    expect(isBareOtherTemplate("Vänligen komplettera med följande gällande Anna Svensson: lönebesked")).toBe(
      false,
    );
    expect(isBareOtherTemplate("Skicka ett arbetsgivarintyg för Anna Svensson.")).toBe(false);
  });
});
