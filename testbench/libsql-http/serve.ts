// CLI: `tsx testbench/libsql-http/serve.ts [--port N] [--host 127.0.0.1] [--db file:x.db|:memory:] [--auth-token T]`.
import { parseArgs } from 'node:util';
import { startLibsqlHttpServer } from './start-libsql-http-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    db: { type: 'string', default: ':memory:' },
    'auth-token': { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be an integer from 0 to 65535, got ${values.port}`);
  process.exit(2);
}
if (values.db !== ':memory:' && !values.db.startsWith('file:')) {
  console.error(`--db must be a file: URL (file:data/local.db) or :memory:, got ${values.db}`);
  process.exit(2);
}
const authToken = values['auth-token'];
const server = await startLibsqlHttpServer({
  port,
  hostname: values.host,
  databaseUrl: values.db,
  ...(authToken === undefined ? {} : { authToken }),
});
console.log(`libSQL HTTP fixture on ${server.url} over ${values.db} (set DATABASE_URL=${server.url})`);
const stop = (): void => {
  server.close().then(() => process.exit(0), () => process.exit(1));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
