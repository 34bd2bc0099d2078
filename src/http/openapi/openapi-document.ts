// The API's OpenAPI 3.1 description, served at GET /openapi.json. Also the route table that 405 answers use.
import { OPENAPI_COMPONENTS } from './openapi-components.ts';
import { OPENAPI_PATHS } from './openapi-paths.ts';

/** Plain data (JSON-serialisable); paths use `{id}` placeholders. */
export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'tokenwise',
    version: '0.1.0',
    description:
      'A chat agent on AWS Bedrock (Claude) whose prompt stays small, cached and bounded. Every error is `{ error: { code, message, requestId } }`; every answer carries `x-request-id`.',
  },
  security: [{ bearerAuth: [] }],
  paths: OPENAPI_PATHS,
  components: OPENAPI_COMPONENTS,
} as const;
