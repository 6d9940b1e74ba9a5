import pg from 'pg';

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pg pool that survives PostgreSQL ending a session while a client is checked out (a restart, a
 * failover, pg_terminate_backend, a network cut).
 *
 * pg's pool listens for 'error' only on idle clients, and `pool.query` guards the client it lends
 * itself; a client taken with `await pool.connect()` (Drizzle's transactions) has no listener, so the
 * dead socket's 'error' event ends the process. That event can even come in the same TCP packet as
 * the answer whose completion handed the client over, before the awaiting code runs: so every client
 * gets a listener synchronously when the pool hands it out ('acquire'), which notes the loss, and
 * `connect()` then hands a lost client straight back as broken (the pool drops it and opens a new one
 * on demand), at once if the loss came first, else when it comes.
 *
 * `release` becomes idempotent: Drizzle does not release the client when `begin` fails and releases it
 * again in `finally` otherwise; without this a broken client either leaks a pool slot for good or
 * throws on the second release.
 */
export class GuardedPool extends pg.Pool {
  private readonly losses = new WeakMap<pg.PoolClient, Error>();

  constructor(config: pg.PoolConfig) {
    super(config);
    const losses = this.losses;
    function noteLoss(this: pg.PoolClient, error: Error) {
      losses.set(this, error);
    }
    this.on('acquire', (client) => {
      losses.delete(client);
      client.on('error', noteLoss);
    });
    this.on('release', (_error, client) => {
      client.removeListener('error', noteLoss);
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // pool.query passes a callback and guards its client itself.
    if (callback) {
      super.connect(callback as never);
      return undefined;
    }
    return super.connect().then((client) => this.guard(client));
  }

  private guard(client: pg.PoolClient): pg.PoolClient {
    const release = client.release.bind(client);
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      client.removeListener('error', releaseOnce);
      if (released) return;
      released = true;
      release(error);
    };
    client.release = releaseOnce;
    // pg has already failed the client's pending queries with the error; their callers answer for it.
    const lost = this.losses.get(client);
    if (lost) releaseOnce(lost);
    else client.on('error', releaseOnce);
    return client;
  }
}
