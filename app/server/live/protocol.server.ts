// The SignalR JSON hub protocol (version 1): record framing, handshake and hub messages.
// See /work/shared/notes/signalr-protocol.md and the client's JsonHubProtocol.ts.

export const RECORD_SEPARATOR = "\x1e";

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export interface InvocationMessage {
  type: 1;
  invocationId?: string;
  target: string;
  arguments: unknown[];
}
export interface StreamItemMessage {
  type: 2;
  invocationId: string;
  item: unknown;
}
export interface CompletionMessage {
  type: 3;
  invocationId: string;
  result?: unknown;
  error?: string;
}
export interface StreamInvocationMessage {
  type: 4;
  invocationId: string;
  target: string;
  arguments: unknown[];
}
export interface CancelInvocationMessage {
  type: 5;
  invocationId: string;
}
export interface PingMessage {
  type: 6;
}
export interface CloseMessage {
  type: 7;
  error?: string;
  allowReconnect?: boolean;
}
export interface AckMessage {
  type: 8;
  sequenceId: number;
}
export interface SequenceMessage {
  type: 9;
  sequenceId: number;
}

export type HubMessage =
  | InvocationMessage
  | StreamItemMessage
  | CompletionMessage
  | StreamInvocationMessage
  | CancelInvocationMessage
  | PingMessage
  | CloseMessage
  | AckMessage
  | SequenceMessage;

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

/** A violation of the framing or message format; the connection is closed with `message` as the error. */
export class ProtocolError extends Error {
  override readonly name = "ProtocolError";
}

export const DEFAULT_MAX_RECORD_BYTES = 64 * 1024;

/**
 * Splits a body into its records. Every record must end with the separator; a trailing partial
 * record is refused rather than kept, because our transports never split a record across bodies.
 */
export function splitRecords(body: string, maxRecordBytes = DEFAULT_MAX_RECORD_BYTES): string[] {
  if (body === "") return [];
  if (!body.endsWith(RECORD_SEPARATOR)) throw new ProtocolError("Message is incomplete.");
  const records = body.split(RECORD_SEPARATOR);
  records.pop();
  for (const record of records) {
    // Byte length is at most 3 per UTF-16 unit, so the exact count is only needed near the limit.
    if (record.length * 3 > maxRecordBytes && Buffer.byteLength(record, "utf8") > maxRecordBytes) {
      throw new ProtocolError(`Message exceeds the maximum size of ${maxRecordBytes} bytes.`);
    }
  }
  return records;
}

function parseJsonObject(record: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new ProtocolError("Message is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ProtocolError("Message is not a JSON object.");
  }
  return value as Record<string, unknown>;
}

export function parseHandshakeRequest(record: string): HandshakeRequest {
  const value = parseJsonObject(record);
  if (typeof value.protocol !== "string" || value.protocol === "") {
    throw new ProtocolError("Handshake request is missing the protocol.");
  }
  if (typeof value.version !== "number" || !Number.isInteger(value.version)) {
    throw new ProtocolError("Handshake request is missing the version.");
  }
  return { protocol: value.protocol, version: value.version };
}

function requireId(value: unknown, what: string): string {
  if (typeof value !== "string" || value === "") {
    throw new ProtocolError(`Invalid payload for ${what} message.`);
  }
  return value;
}

function optionalId(value: unknown, what: string): string | undefined {
  return value === undefined ? undefined : requireId(value, what);
}

function requireArguments(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new ProtocolError(`Invalid payload for ${what} message.`);
  return value;
}

/**
 * Parses and validates one record. Returns null for a message type this protocol version does
 * not know (the protocol says to ignore those); throws ProtocolError for anything malformed.
 * `headers` and other extra fields are dropped.
 */
export function parseHubMessage(record: string): HubMessage | null {
  const value = parseJsonObject(record);
  const type = value.type;
  if (typeof type !== "number" || !Number.isInteger(type)) {
    throw new ProtocolError("Message has no numeric type.");
  }
  switch (type) {
    case MessageType.Invocation: {
      const message: InvocationMessage = {
        type,
        target: requireId(value.target, "Invocation"),
        arguments: requireArguments(value.arguments, "Invocation"),
      };
      const invocationId = optionalId(value.invocationId, "Invocation");
      if (invocationId !== undefined) message.invocationId = invocationId;
      return message;
    }
    case MessageType.StreamItem:
      return { type, invocationId: requireId(value.invocationId, "StreamItem"), item: value.item };
    case MessageType.Completion: {
      const message: CompletionMessage = {
        type,
        invocationId: requireId(value.invocationId, "Completion"),
      };
      if (value.error !== undefined) message.error = requireId(value.error, "Completion");
      if (value.result !== undefined) message.result = value.result;
      return message;
    }
    case MessageType.StreamInvocation:
      return {
        type,
        invocationId: requireId(value.invocationId, "StreamInvocation"),
        target: requireId(value.target, "StreamInvocation"),
        arguments: requireArguments(value.arguments, "StreamInvocation"),
      };
    case MessageType.CancelInvocation:
      return { type, invocationId: requireId(value.invocationId, "CancelInvocation") };
    case MessageType.Ping:
      return { type };
    case MessageType.Close: {
      const message: CloseMessage = { type };
      if (typeof value.error === "string") message.error = value.error;
      if (value.allowReconnect === true) message.allowReconnect = true;
      return message;
    }
    case MessageType.Ack:
    case MessageType.Sequence:
      if (typeof value.sequenceId !== "number") {
        throw new ProtocolError("Invalid SequenceId.");
      }
      return { type, sequenceId: value.sequenceId };
    default:
      return null;
  }
}

export function writeRecord(value: object): string {
  return JSON.stringify(value) + RECORD_SEPARATOR;
}

export function writeHandshakeResponse(error?: string): string {
  return writeRecord(error === undefined ? {} : { error });
}

/** A server-to-client call: an invocation without id, so the client sends nothing back. */
export function writeInvocation(target: string, args: unknown[]): string {
  return writeRecord({ type: MessageType.Invocation, target, arguments: args });
}

export function writeCompletionResult(invocationId: string, result: unknown): string {
  return writeRecord(
    result === undefined
      ? { type: MessageType.Completion, invocationId }
      : { type: MessageType.Completion, invocationId, result },
  );
}

export function writeCompletionError(invocationId: string, error: string): string {
  return writeRecord({ type: MessageType.Completion, invocationId, error });
}

export const PING_RECORD = writeRecord({ type: MessageType.Ping });

export function writeClose(options: { error?: string; allowReconnect?: boolean } = {}): string {
  const message: CloseMessage = { type: MessageType.Close };
  if (options.error !== undefined) message.error = options.error;
  if (options.allowReconnect === true) message.allowReconnect = true;
  return writeRecord(message);
}
