import { describe, expect, it } from "vitest";

import {
  parseHandshakeRequest,
  parseHubMessage,
  ProtocolError,
  RECORD_SEPARATOR as RS,
  splitRecords,
  writeClose,
  writeCompletionError,
  writeCompletionResult,
  writeHandshakeResponse,
  writeInvocation,
} from "./protocol.server";

describe("splitRecords", () => {
  it("splits several complete records of one body", () => {
    expect(splitRecords(`{"a":1}${RS}{"b":2}${RS}`)).toEqual(['{"a":1}', '{"b":2}']);
  });

  it("gives nothing for an empty body", () => {
    expect(splitRecords("")).toEqual([]);
  });

  it("refuses a trailing partial record", () => {
    expect(() => splitRecords(`{"a":1}${RS}{"b":`)).toThrow(ProtocolError);
    expect(() => splitRecords(`{"a":1}`)).toThrow("Message is incomplete.");
  });

  it("refuses a record over the size limit, counting UTF-8 bytes", () => {
    expect(splitRecords(`"${"x".repeat(98)}"${RS}`, 100)).toHaveLength(1);
    expect(() => splitRecords(`"${"x".repeat(99)}"${RS}`, 100)).toThrow(/maximum size of 100/);
    // 40 characters of three bytes each are 120 bytes.
    expect(() => splitRecords(`${"€".repeat(40)}${RS}`, 100)).toThrow(ProtocolError);
  });
});

describe("parseHandshakeRequest", () => {
  it("reads protocol and version", () => {
    expect(parseHandshakeRequest('{"protocol":"json","version":1}')).toEqual({
      protocol: "json",
      version: 1,
    });
  });

  it.each(["", "[]", '{"version":1}', '{"protocol":"json"}', '{"protocol":"json","version":"1"}'])(
    "refuses %j",
    (record) => {
      expect(() => parseHandshakeRequest(record)).toThrow(ProtocolError);
    },
  );
});

describe("parseHubMessage", () => {
  it("reads an invocation with and without id, dropping headers", () => {
    expect(
      parseHubMessage(
        '{"type":1,"invocationId":"7","target":"Echo","arguments":[1,"a"],"headers":{"x":"y"}}',
      ),
    ).toEqual({ type: 1, invocationId: "7", target: "Echo", arguments: [1, "a"] });
    expect(parseHubMessage('{"type":1,"target":"Echo","arguments":[]}')).toEqual({
      type: 1,
      target: "Echo",
      arguments: [],
    });
  });

  it("reads the other known types", () => {
    expect(parseHubMessage('{"type":6}')).toEqual({ type: 6 });
    expect(parseHubMessage('{"type":7,"error":"x","allowReconnect":true}')).toEqual({
      type: 7,
      error: "x",
      allowReconnect: true,
    });
    expect(parseHubMessage('{"type":4,"invocationId":"1","target":"S","arguments":[]}')).toMatchObject({
      type: 4,
    });
    expect(parseHubMessage('{"type":5,"invocationId":"1"}')).toEqual({ type: 5, invocationId: "1" });
    expect(parseHubMessage('{"type":3,"invocationId":"1","result":null}')).toEqual({
      type: 3,
      invocationId: "1",
      result: null,
    });
    expect(parseHubMessage('{"type":8,"sequenceId":3}')).toEqual({ type: 8, sequenceId: 3 });
  });

  it("ignores unknown types", () => {
    expect(parseHubMessage('{"type":99,"whatever":true}')).toBeNull();
  });

  it.each([
    "not json",
    "null",
    "[1]",
    '{"target":"Echo"}',
    '{"type":"1","target":"Echo","arguments":[]}',
    '{"type":1,"target":"","arguments":[]}',
    '{"type":1,"target":"Echo"}',
    '{"type":1,"target":"Echo","arguments":{}}',
    '{"type":1,"invocationId":"","target":"Echo","arguments":[]}',
    '{"type":1,"invocationId":5,"target":"Echo","arguments":[]}',
    '{"type":4,"target":"S","arguments":[]}',
    '{"type":3,"invocationId":"1","error":5}',
    '{"type":9}',
  ])("refuses malformed %s", (record) => {
    expect(() => parseHubMessage(record)).toThrow(ProtocolError);
  });
});

describe("writers", () => {
  it("terminate every record and match the client's expectations", () => {
    expect(writeHandshakeResponse()).toBe(`{}${RS}`);
    expect(writeHandshakeResponse("bad")).toBe(`{"error":"bad"}${RS}`);
    expect(writeInvocation("evt", [{ a: 1 }])).toBe(`{"type":1,"target":"evt","arguments":[{"a":1}]}${RS}`);
    expect(writeCompletionResult("3", 5)).toBe(`{"type":3,"invocationId":"3","result":5}${RS}`);
    expect(writeCompletionResult("3", undefined)).toBe(`{"type":3,"invocationId":"3"}${RS}`);
    expect(writeCompletionResult("3", null)).toBe(`{"type":3,"invocationId":"3","result":null}${RS}`);
    expect(writeCompletionError("3", "no")).toBe(`{"type":3,"invocationId":"3","error":"no"}${RS}`);
    expect(writeClose()).toBe(`{"type":7}${RS}`);
    expect(writeClose({ error: "e", allowReconnect: true })).toBe(
      `{"type":7,"error":"e","allowReconnect":true}${RS}`,
    );
  });
});
