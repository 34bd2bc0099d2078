// msw request handlers that hand every Bedrock runtime call to the simulator (Node and Deno tests through msw/node).
import { http, type HttpHandler } from 'msw';
import type { Simulator } from './create-simulator.ts';

/** Any regional Bedrock runtime host, e.g. https://bedrock-runtime.us-east-1.amazonaws.com/model/…/converse */
export const BEDROCK_RUNTIME_URL = /^https:\/\/bedrock-runtime(-fips)?\.[a-z0-9-]+\.amazonaws\.com\/model\/.+/;

export type SimulatorHandlersOptions = {
  /** Also serve `${baseUrl}/model/*` (a custom endpoint such as http://bedrock.test). */
  readonly baseUrl?: string;
};

/** Handlers for `setupServer(...)`: each delegates to `simulator.fetch` with the intercepted Request. */
export function createSimulatorHandlers(simulator: Simulator, options: SimulatorHandlersOptions = {}): HttpHandler[] {
  const resolve = ({ request }: { request: Request }) => simulator.fetch(request);
  const handlers = [http.post(BEDROCK_RUNTIME_URL, resolve)];
  if (options.baseUrl !== undefined) {
    handlers.push(http.post(`${options.baseUrl.replace(/\/+$/, '')}/model/*`, resolve));
  }
  return handlers;
}
