import { describe, expect, it } from "vitest";
import { productionRefusal } from "./env.server";

const DEFAULTS = {
  BANKID: "simulator",
  COMPANY_REGISTRY: "simulator",
  PROPERTY_MANAGERS: "simulator",
  CREDIT_BUREAU: undefined,
  MAIL: "outbox",
} as const;

const REAL = {
  BANKID: "production",
  COMPANY_REGISTRY: "http",
  PROPERTY_MANAGERS: "http",
  CREDIT_BUREAU: "http",
  MAIL: "smtp://mail.example.se:587",
} as const;

describe("a production start with simulators", () => {
  it("is refused without DEMO=1, naming every simulator", () => {
    expect(productionRefusal({ ...DEFAULTS, NODE_ENV: "production" })).toBe(
      "NODE_ENV=production with BANKID=simulator, COMPANY_REGISTRY=simulator, PROPERTY_MANAGERS=simulator, " +
        "CREDIT_BUREAU=simulator, MAIL=outbox: set DEMO=1 for a demo install, or configure the real services " +
        "(README, Configuration).",
    );
    expect(productionRefusal({ ...DEFAULTS, NODE_ENV: "production", DEMO: "0" })).not.toBeNull();
  });

  it("is refused for a single simulator among real services", () => {
    for (const [name, value] of [
      ["BANKID", "simulator"],
      ["COMPANY_REGISTRY", "simulator"],
      ["PROPERTY_MANAGERS", "simulator"],
      ["CREDIT_BUREAU", "simulator"],
      ["CREDIT_BUREAU", " "],
      ["MAIL", "outbox"],
    ] as const) {
      const refusal = productionRefusal({ ...REAL, [name]: value, NODE_ENV: "production" });
      expect(refusal, `${name}=${value}`).toContain(`with ${name}=`);
    }
  });

  it("is a demo install with DEMO=1, and no question at all with real services or outside production", () => {
    expect(productionRefusal({ ...DEFAULTS, NODE_ENV: "production", DEMO: "1" })).toBeNull();
    expect(productionRefusal({ ...REAL, NODE_ENV: "production" })).toBeNull();
    expect(productionRefusal({ ...DEFAULTS, NODE_ENV: "development" })).toBeNull();
    expect(productionRefusal({ ...DEFAULTS, NODE_ENV: "test" })).toBeNull();
  });
});
