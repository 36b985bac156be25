import pino, { type DestinationStream, type Logger } from "pino";
import { currentRequest } from "./request-context.server";
import { activeTraceId } from "./tracing.server";

/** A string field longer than this is cut (a 1 MB value never reaches the log whole). */
export const MAX_FIELD_CHARS = 2_000;
/** No line is longer than this: a record that would be is replaced by its message and the names of its fields. */
export const MAX_LINE_CHARS = 16_000;

/**
 * Fields never logged whatever a caller passes: the request's headers and bodies (cookies, tokens, personal data)
 * and anything named like a person's data. Callers log ids, never people.
 */
const REDACTED = [
  "headers",
  "cookie",
  "authorization",
  "body",
  "query",
  "token",
  "accessToken",
  "password",
  "personalNumber",
  "personnummer",
  "email",
  "name",
  "firstName",
  "lastName",
];

function cut(value: unknown, depth = 0): unknown {
  if (typeof value === "string")
    return value.length > MAX_FIELD_CHARS
      ? `${value.slice(0, MAX_FIELD_CHARS)}… (${value.length} tecken)`
      : value;
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => cut(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = cut(item, depth + 1);
  return out;
}

/**
 * A line formatted for a person at a terminal (`npm run dev`, LOG_FORMAT=pretty): time, level, message and the
 * fields as key=value. Production writes the JSON line as it is.
 */
function prettyStream(out: NodeJS.WritableStream): DestinationStream {
  const LEVELS: Record<number, string> = {
    10: "TRACE",
    20: "DEBUG",
    30: "INFO",
    40: "WARN",
    50: "ERROR",
    60: "FATAL",
  };
  return {
    write(line: string) {
      try {
        const {
          time,
          level,
          msg,
          pid: _pid,
          hostname: _host,
          err,
          ...fields
        } = JSON.parse(line) as Record<string, unknown>;
        const at = new Date(Number(time)).toISOString().slice(11, 23);
        const rest = Object.entries(fields)
          .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
          .join(" ");
        const stack = err && typeof err === "object" && "stack" in err ? `\n${String(err.stack)}` : "";
        out.write(`${at} ${LEVELS[Number(level)] ?? level} ${String(msg ?? "")} ${rest}${stack}\n`);
      } catch {
        out.write(line);
      }
    },
  };
}

export interface LogOptions {
  level?: string;
  format?: "json" | "pretty";
  destination?: DestinationStream;
}

/**
 * The structured logger (pino): one JSON line per event with the time, the level, the request id, route, user and
 * tenant of the request it happened in, and its own fields cut to size. LOG_LEVEL (default info; silent in unit
 * tests) and LOG_FORMAT (json, or pretty for a terminal; pretty by default in development).
 */
export function createLogger(options: LogOptions = {}): Logger {
  const env = process.env;
  const level = options.level ?? env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info");
  const format =
    options.format ??
    (env.LOG_FORMAT === "pretty" || env.LOG_FORMAT === "json" ? env.LOG_FORMAT : undefined) ??
    (env.NODE_ENV === "development" ? "pretty" : "json");
  const destination =
    options.destination ?? (format === "pretty" ? prettyStream(process.stdout) : pino.destination(1));
  return pino(
    {
      level,
      base: undefined,
      messageKey: "msg",
      redact: { paths: [...REDACTED, ...REDACTED.map((key) => `*.${key}`)], censor: "[borttaget]" },
      mixin() {
        const scope = currentRequest();
        // With traces on, a line written inside a traced request or job names its trace (decision 046).
        const traceId = activeTraceId();
        if (!scope) return traceId ? { traceId } : {};
        return {
          ...(traceId ? { traceId } : {}),
          reqId: scope.requestId,
          ...(scope.routeId ? { route: scope.routeId } : {}),
          ...(scope.userId ? { userId: scope.userId } : {}),
          ...(scope.tenantId ? { tenant: scope.tenantId } : {}),
        };
      },
      formatters: {
        log(object) {
          const cutObject = cut(object) as Record<string, unknown>;
          const size = JSON.stringify(cutObject, (_key, value: unknown) =>
            value instanceof Error ? { message: value.message, stack: value.stack } : value,
          ).length;
          if (size <= MAX_LINE_CHARS - 1_000) return cutObject;
          return { truncated: true, fields: Object.keys(cutObject).slice(0, 50) };
        },
      },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    destination,
  );
}

declare global {
  var __log: Logger | undefined;
}

/** The process's logger; `log.child({ component: "jobs" })` for a part of the server. */
export function getLog(): Logger {
  globalThis.__log ??= createLogger();
  return globalThis.__log;
}
