import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

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
