// The API's paths and their answers, as the OpenAPI document lists them (also the route table 405 answers use).
import { DEFAULT_MAX_TEXT_CHARS, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../request-schemas.ts';
import { ref } from './openapi-components.ts';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ref('Error')) });
const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,128}$' },
};

/** Answers every authenticated route may give besides its own. */
const COMMON_ERRORS = {
  '401': error('Missing, malformed, expired, not yet valid or wrongly signed bearer token'),
  '404': error("No such conversation for this user (another user's conversation is also 404)"),
  '503': error('Dependency unavailable (database busy, model unavailable); see Retry-After'),
};

const consoleLimit = {
  name: 'limit',
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 1, maximum: 1000, default: 200 },
};

/** Every path with its operations; paths use `{id}` placeholders. */
export const OPENAPI_PATHS = {
  '/healthz': {
    get: {
      summary: 'Liveness and store health',
      security: [],
      responses: {
        '200': { description: 'Healthy', content: json(ref('Health')) },
        '503': { description: 'Store not answering', content: json(ref('Health')) },
      },
    },
  },
  '/openapi.json': {
    get: {
      summary: 'This document',
      security: [],
      responses: { '200': { description: 'OpenAPI 3.1 document', content: json({ type: 'object' }) } },
    },
  },
  '/v1/conversations': {
    post: {
      summary: 'Start a conversation',
      requestBody: { required: false, content: json(ref('CreateConversationRequest')) },
      responses: {
        '201': { description: 'Created', content: json(ref('Conversation')) },
        '400': error('Invalid body'),
        '401': COMMON_ERRORS['401'],
        '413': error('Body too large'),
        '415': error('Content-Type is not application/json'),
      },
    },
  },
  '/v1/conversations/{id}': {
    delete: {
      summary: 'Delete a conversation and everything derived from it',
      parameters: [idParameter],
      responses: { '204': { description: 'Deleted' }, ...COMMON_ERRORS },
    },
  },
  '/v1/conversations/{id}/messages': {
    post: {
      summary:
        "Send a message and get the assistant's reply (JSON, or server-sent events with Accept: text/event-stream)",
      parameters: [
        idParameter,
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'A retry with the same key returns the first answer and creates nothing new',
          schema: { type: 'string', pattern: '^[\\x21-\\x7E]{1,200}$' },
        },
      ],
      requestBody: { required: true, content: json(ref('SendMessageRequest')) },
      responses: {
        '200': {
          description:
            "The assistant's reply. As text/event-stream: events `delta` {text}, `tool` {name, status}, then `done` (TurnResult) or `error` (Error).",
          content: { ...json(ref('TurnResult')), 'text/event-stream': { schema: { type: 'string' } } },
        },
        '400': error('Invalid body, empty text or bad Idempotency-Key'),
        '409': error('A turn of this conversation is still running'),
        '413': error(`Body over the size limit or text over ${DEFAULT_MAX_TEXT_CHARS} characters`),
        '415': error('Content-Type is not application/json'),
        '422': error('The conversation cannot fit the prompt budget'),
        '429': error(
          'budget_exceeded (a budget is used up), too_many_turns (the per-user cap on concurrent turns) or model_throttled; see Retry-After',
        ),
        '502': error('The model rejected the request or failed'),
        '504': error('The model did not answer in time'),
        ...COMMON_ERRORS,
      },
    },
    get: {
      summary: 'A page of visible history, oldest first within the page',
      parameters: [
        idParameter,
        {
          name: 'before',
          in: 'query',
          required: false,
          description: 'The nextBefore of the previous page',
          schema: { type: 'string' },
        },
        {
          name: 'limit',
          in: 'query',
          required: false,
          schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT },
        },
      ],
      responses: {
        '200': { description: 'A page', content: json(ref('MessagePage')) },
        '400': error('Bad before or limit'),
        ...COMMON_ERRORS,
      },
    },
  },
  '/v1/usage': {
    get: {
      summary: "The caller's own usage totals (deleted conversations included) and remaining budgets",
      responses: {
        '200': { description: 'Totals, rolling windows, limits and what is left', content: json(ref('UserUsage')) },
        '401': COMMON_ERRORS['401'],
        '503': COMMON_ERRORS['503'],
      },
    },
  },
  '/v1/console/conversations': {
    get: {
      summary: "The console: the caller's conversations with their cost, most recently updated first",
      parameters: [consoleLimit],
      responses: {
        '200': { description: 'Conversations', content: json(ref('ConsoleConversations')) },
        '400': error('Bad limit'),
        '401': COMMON_ERRORS['401'],
        '503': COMMON_ERRORS['503'],
      },
    },
  },
  '/v1/console/conversations/{id}/turns': {
    get: {
      summary:
        'The console: per turn the prompt layers (tokens), cache reads and writes, the cache-miss cause and the cost against the naive counterfactual',
      parameters: [idParameter, consoleLimit],
      responses: {
        '200': { description: 'The last turns, oldest first', content: json(ref('ConsoleTurns')) },
        '400': error('Bad limit'),
        ...COMMON_ERRORS,
      },
    },
  },
  '/v1/conversations/{id}/usage': {
    get: {
      summary: 'Token and cost totals over every model call of the conversation',
      parameters: [idParameter],
      responses: { '200': { description: 'Totals', content: json(ref('ConversationUsage')) }, ...COMMON_ERRORS },
    },
  },
} as const;
