import { afterEach, beforeEach, vi, type MockInstance } from "vitest";
import { createLogger } from "~/server/platform/log.server";

// A console.error during a test fails it, unless the test replaced console.error itself.
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  const original = console.error;
  consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    original(...args);
    throw new Error("console.error was called during the test: " + args.map(String).join(" "));
  });
});

afterEach(() => {
  consoleError.mockRestore();
});

// The same for the server's log: a line at error level during a test fails it (the logger throws from its write,
// as console.error does above). Lines below error level are not written. A test that expects an error line
// replaces globalThis.__log with a logger of its own.
globalThis.__log = createLogger({
  level: "error",
  format: "json",
  destination: {
    write(line: string) {
      throw new Error("an error was logged during the test: " + line.slice(0, 2_000));
    },
  },
});
