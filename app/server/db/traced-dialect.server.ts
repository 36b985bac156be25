import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from "kysely";
import { markFailed, SpanKind, tracedParent, tracing, type Span } from "../platform/tracing.server";

/**
 * A span for every query run inside a traced request or job (decision 046), made where the driver runs it, so
 * that its time is the database's (not the wait for the connection) and a failure is seen. The span says what kind
 * of statement ran on which table (`SELECT transfers`), never the SQL's values, and a failure only by its code: a
 * driver's message may quote a value. Without tracing the driver's own connection is used as it is.
 */
export function tracedDialect(dialect: Dialect, system: "sqlite" | "postgresql"): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => tracedDriver(dialect.createDriver(), system),
  };
}

function tracedDriver(driver: Driver, system: string): Driver {
  // One wrapper per connection: Kysely remembers the connections it has seen (and adds its query log to each once).
  const wrappers = new WeakMap<DatabaseConnection, TracedConnection>();
  const inner = (connection: DatabaseConnection) =>
    connection instanceof TracedConnection ? connection.inner : connection;
  const traced: Driver = {
    init: () => driver.init(),
    async acquireConnection() {
      const connection = await driver.acquireConnection();
      let wrapper = wrappers.get(connection);
      if (!wrapper) {
        wrapper = new TracedConnection(connection, system);
        wrappers.set(connection, wrapper);
      }
      return wrapper;
    },
    beginTransaction: (connection, settings: TransactionSettings) =>
      driver.beginTransaction(inner(connection), settings),
    commitTransaction: (connection) => driver.commitTransaction(inner(connection)),
    rollbackTransaction: (connection) => driver.rollbackTransaction(inner(connection)),
    releaseConnection: (connection) => driver.releaseConnection(inner(connection)),
    destroy: () => driver.destroy(),
  };
  if (driver.savepoint) {
    const { savepoint, rollbackToSavepoint, releaseSavepoint } = driver;
    traced.savepoint = (connection, name, compile) =>
      savepoint.call(driver, inner(connection), name, compile);
    if (rollbackToSavepoint)
      traced.rollbackToSavepoint = (connection, name, compile) =>
        rollbackToSavepoint.call(driver, inner(connection), name, compile);
    if (releaseSavepoint)
      traced.releaseSavepoint = (connection, name, compile) =>
        releaseSavepoint.call(driver, inner(connection), name, compile);
  }
  return traced;
}

class TracedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly system: string,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const span = this.start(compiledQuery);
    if (!span) return this.inner.executeQuery<R>(compiledQuery);
    try {
      const result = await this.inner.executeQuery<R>(compiledQuery);
      span.setAttribute("db.response.returned_rows", result.rows.length);
      return result;
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    const span = this.start(compiledQuery);
    try {
      yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
    } catch (error) {
      if (span) failed(span, error);
      throw error;
    } finally {
      span?.end();
    }
  }

  private start(compiledQuery: CompiledQuery): Span | null {
    const parent = tracedParent();
    if (!parent) return null;
    const { operation, table } = statementOf(compiledQuery);
    return tracing()!.tracer.startSpan(
      table ? `${operation} ${table}` : operation,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          "db.system.name": this.system,
          "db.operation.name": operation,
          ...(table ? { "db.collection.name": table } : {}),
        },
      },
      parent,
    );
  }
}

function failed(span: Span, error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  const kind = typeof code === "string" && code !== "" ? code : error instanceof Error ? error.name : "error";
  span.setAttribute("error.type", kind);
  markFailed(span, kind);
}

type Node = { kind?: string; [key: string]: unknown };

const OPERATIONS: Record<string, string> = {
  SelectQueryNode: "SELECT",
  InsertQueryNode: "INSERT",
  UpdateQueryNode: "UPDATE",
  DeleteQueryNode: "DELETE",
  MergeQueryNode: "MERGE",
};

/**
 * The statement's kind and its first table, read from Kysely's query tree; for SQL written by hand (a raw query),
 * its first keyword only. Both are words of our own code, never a value.
 */
export function statementOf(compiledQuery: CompiledQuery): { operation: string; table: string | null } {
  const node = compiledQuery.query as unknown as Node;
  const operation = OPERATIONS[node.kind ?? ""];
  if (!operation) {
    const keyword = /^\s*([A-Za-z]+)/.exec(compiledQuery.sql)?.[1];
    return { operation: keyword ? keyword.toUpperCase() : "QUERY", table: null };
  }
  const from = node.from as { froms?: Node[] } | undefined;
  const target = (node.into ?? node.table ?? from?.froms?.[0]) as Node | undefined;
  return { operation, table: tableName(target) };
}

function tableName(node: Node | undefined): string | null {
  if (!node) return null;
  if (node.kind === "AliasNode") return tableName(node.node as Node);
  if (node.kind !== "TableNode") return null;
  const identifier = (node.table as { identifier?: { name?: unknown } } | undefined)?.identifier;
  return typeof identifier?.name === "string" ? identifier.name : null;
}
