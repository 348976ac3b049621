import net from 'node:net';
import os from 'node:os';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type OperationNode,
  PostgresDialect,
  type PostgresDialectConfig,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';

/**
 * A lone read (a plain `select` outside a transaction): it takes no lock and leaves nothing on its
 * connection, so any connection may run it, beside other requests' reads. A `select ... for update`
 * or one whose `with` holds a write is not one; nor is a statement written as raw SQL, whose text
 * is not looked into. Only the statement's top and its `with` are looked at: raw SQL or a
 * subquery inside a built `select` must not lock or write (PostgreSQL allows a write only in a
 * `with`, but a locking subquery in a `from`), which none of ours does.
 */
export function isLoneRead(node: OperationNode): boolean {
  if (node.kind !== 'SelectQueryNode') return false;
  const select = node as OperationNode & {
    endModifiers?: readonly unknown[];
    with?: { expressions: readonly { expression: OperationNode }[] };
  };
  if (select.endModifiers?.length) return false;
  return (select.with?.expressions ?? []).every(({ expression }) => isLoneRead(expression));
}

/**
 * A few connections, each in pipeline mode, that carry the lone reads of every request: a read is
 * written to the connection with the fewest in flight without waiting for the reads before it to
 * be answered. With one connection per request, each query cost a wake-up of the server process
 * that owns it and a wait for it; most of a signed-in request's time on PostgreSQL was that, on
 * the same cores as the database (decision 0063). A connection that fails is dropped; the next
 * read opens another.
 *
 * The reads asked for in one turn of the event loop leave together: the first corks its
 * connection's socket and the turn's end uncorks it, so the requests read in one turn cost one
 * `writev` on each connection instead of one per read. Each write to a local TCP socket runs the
 * kernel's delivery to PostgreSQL in our thread: a quarter of the server's time under load went
 * to those calls (decision 0067).
 */
export class SharedReadConnections {
  readonly #connections: (SharedReadConnection | undefined)[];
  readonly #inFlight: number[];
  #ended = false;

  constructor(
    private readonly settings: {
      connectionString: string;
      count: number;
      connectionTimeoutMillis: number;
      /** Run on each new connection before its first read (statements kept prepared). */
      onConnect: (client: pg.Client) => void;
    },
  ) {
    this.#connections = Array.from({ length: settings.count }, () => undefined);
    this.#inFlight = Array.from({ length: settings.count }, () => 0);
  }

  async read<Row>(compiled: CompiledQuery): Promise<QueryResult<Row>> {
    let index = 0;
    for (let other = 1; other < this.#inFlight.length; other += 1) {
      if (this.#inFlight[other]! < this.#inFlight[index]!) index = other;
    }
    const connection = this.#connection(index);
    holdWritesUntilTurnEnds(connection);
    this.#inFlight[index]! += 1;
    try {
      const { rows } = await connection.client.query(compiled.sql, [...compiled.parameters]);
      return { rows: rows ?? [] };
    } finally {
      this.#inFlight[index]! -= 1;
    }
  }

  /** Closes every connection once the reads on it are answered. */
  async end(): Promise<void> {
    this.#ended = true;
    const ending = this.#connections.map((connection) => connection?.client.end().catch(() => {}));
    this.#connections.fill(undefined);
    await Promise.all(ending);
  }

  #connection(index: number): SharedReadConnection {
    const existing = this.#connections[index];
    if (existing) return existing;
    if (this.#ended) throw new Error('The shared read connections have been closed');
    // Our own socket (pg's `stream` setting), so that its writes can be held.
    const socket = new net.Socket();
    const client = new pg.Client({
      stream: () => socket,
      connectionString: this.settings.connectionString,
      connectionTimeoutMillis: this.settings.connectionTimeoutMillis,
      pipeline: true,
    } as pg.ClientConfig);
    const connection: SharedReadConnection = { client, socket, holding: false };
    const drop = () => {
      if (this.#connections[index] === connection) this.#connections[index] = undefined;
    };
    // A lost connection fails the reads in flight on it (each its own request's error) and is
    // replaced on the next read; it must not crash the process.
    client.on('error', drop);
    client.on('end', drop);
    client.connect().catch(drop);
    this.settings.onConnect(client);
    this.#connections[index] = connection;
    return connection;
  }
}

interface SharedReadConnection {
  client: pg.Client;
  socket: net.Socket;
  /** Whether its socket is corked until this turn of the event loop ends. */
  holding: boolean;
}

/** setImmediate runs once the turn's input (every request read in it) has been handled. */
function holdWritesUntilTurnEnds(connection: SharedReadConnection) {
  if (connection.holding) return;
  connection.holding = true;
  connection.socket.cork();
  setImmediate(() => {
    connection.holding = false;
    connection.socket.uncork();
  });
}

/** How many shared read connections a process opens: one per core, two at least. */
export const sharedReadConnectionCount = () => Math.max(2, os.availableParallelism());

/**
 * PostgreSQL through a pool, but a lone read outside a transaction goes over the shared read
 * connections. A transaction, a write, a locking read and raw SQL take a pool connection of their
 * own for the rest of the Kysely connection's use, as before.
 */
export class ReadSharingPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly shared: SharedReadConnections,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new ReadSharingDriver(super.createDriver(), this.shared);
  }
}

class ReadSharingDriver implements Driver {
  /**
   * Connections given back, for the next statements: Kysely takes one for each statement and
   * remembers every connection it was given in a WeakSet, so a new one each time made each read
   * an entry for the garbage collector to clear (decision 0080).
   */
  readonly #released: ReadSharingConnection[] = [];

  constructor(
    private readonly pool: Driver,
    private readonly shared: SharedReadConnections,
  ) {}

  init = () => this.pool.init();
  acquireConnection = async () =>
    this.#released.pop() ?? new ReadSharingConnection(this.pool, this.shared);
  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) =>
    this.pool.beginTransaction(ownOf(connection), settings);
  commitTransaction = (connection: DatabaseConnection) =>
    this.pool.commitTransaction(ownOf(connection));
  rollbackTransaction = (connection: DatabaseConnection) =>
    this.pool.rollbackTransaction(ownOf(connection));
  savepoint: Driver['savepoint'] = (connection, name, compile) =>
    this.pool.savepoint!(ownOf(connection), name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) =>
    this.pool.rollbackToSavepoint!(ownOf(connection), name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) =>
    this.pool.releaseSavepoint!(ownOf(connection), name, compile);
  releaseConnection = async (connection: DatabaseConnection) => {
    await (connection as ReadSharingConnection).release();
    this.#released.push(connection as ReadSharingConnection);
  };

  async destroy(): Promise<void> {
    await this.shared.end();
    await this.pool.destroy();
  }
}

/** The pool connection a Kysely connection holds from its first statement that needs one. */
const ownOf = (connection: DatabaseConnection) => (connection as ReadSharingConnection).own;

class ReadSharingConnection implements DatabaseConnection {
  #own: Promise<DatabaseConnection> | undefined;

  constructor(
    private readonly pool: Driver,
    private readonly shared: SharedReadConnections,
  ) {}

  /** Its own pool connection, taken when first asked for (a transaction begins on it). */
  readonly own: DatabaseConnection = {
    executeQuery: async (compiled) => (await this.#ownConnection()).executeQuery(compiled),
    streamQuery: (compiled, chunkSize) => this.streamQuery(compiled, chunkSize),
  };

  async executeQuery<Row>(compiled: CompiledQuery): Promise<QueryResult<Row>> {
    if (!this.#own && isLoneRead(compiled.query)) return this.shared.read<Row>(compiled);
    return (await this.#ownConnection()).executeQuery<Row>(compiled);
  }

  async *streamQuery<Row>(
    compiled: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<Row>> {
    yield* (await this.#ownConnection()).streamQuery<Row>(compiled, chunkSize);
  }

  /** Gives its pool connection back, if it took one; it may then serve other statements. */
  async release(): Promise<void> {
    const taken = this.#own;
    this.#own = undefined;
    // A pool connection that could not be taken failed its statement already; nothing to give back.
    const own = await taken?.catch(() => undefined);
    if (own) await this.pool.releaseConnection(own);
  }

  #ownConnection(): Promise<DatabaseConnection> {
    this.#own ??= this.pool.acquireConnection();
    return this.#own;
  }
}
