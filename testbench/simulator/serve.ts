// CLI: `npm run simulator -- --port N [--host 127.0.0.1]` prints the URL and serves until SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { startSimulatorServer } from './start-simulator-server.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be an integer from 0 to 65535, got ${values.port}`);
  process.exit(2);
}
const server = await startSimulatorServer({ port, hostname: values.host });
console.log(`Bedrock simulator listening on ${server.url} (set BEDROCK_ENDPOINT=${server.url})`);
const stop = (): void => {
  server.close().then(() => process.exit(0), () => process.exit(1));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
