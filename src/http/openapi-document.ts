// The API's OpenAPI 3.1 description, served at GET /openapi.json. Also the route table that 405 answers use.
import { CACHE_LAYERS } from '../pipeline/assembly/index.ts';
import { DEFAULT_MAX_TEXT_CHARS, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, MAX_TITLE_CHARS } from './request-schemas.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ref('Error')) });
const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,128}$' },
};
const integer = { type: 'integer', minimum: 0 };
const money = { type: 'number', minimum: 0, description: 'US dollars' };

/** Answers every authenticated route may give besides its own. */
const COMMON_ERRORS = {
  '401': error('Missing, malformed, expired, not yet valid or wrongly signed bearer token'),
  '404': error("No such conversation for this user (another user's conversation is also 404)"),
  '503': error('Dependency unavailable (database busy, model unavailable); see Retry-After'),
};

const budgetKeyMap = (description: string) => ({
  type: 'object',
  description,
  propertyNames: { pattern: '^(user|conversation)\\.(day|month)\\.(tokens|usd)$' },
  additionalProperties: { type: 'number', minimum: 0 },
});

const usageProperties = {
  inputTokens: integer,
  outputTokens: integer,
  cacheReadInputTokens: integer,
  cacheWriteInputTokens: integer,
  costUSD: money,
  naiveCostUSD: {
    ...money,
    description: 'What the same calls would have cost with the full history and every tool in the prompt, uncached',
  },
};

const consoleLimit = {
  name: 'limit',
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 1, maximum: 1000, default: 200 },
};
const layerTokens = {
  type: ['object', 'null'],
  description: 'Estimated tokens per prompt layer of the last main call of the turn',
  properties: { tools: integer, system: integer, summary: integer, window: integer, currentRun: integer },
};

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
  paths: {
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
  },
  components: {
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          'HS256 with the server secret, or RS256/ES256 from the configured JWKS; exp required; sub is the user id',
      },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message', 'requestId'],
            properties: { code: { type: 'string' }, message: { type: 'string' }, requestId: { type: 'string' } },
          },
        },
      },
      Health: { type: 'object', required: ['status'], properties: { status: { enum: ['ok', 'degraded'] } } },
      CreateConversationRequest: {
        type: 'object',
        additionalProperties: false,
        properties: { title: { type: 'string', minLength: 1, maxLength: MAX_TITLE_CHARS } },
      },
      Conversation: {
        type: 'object',
        required: ['id', 'createdAt'],
        properties: { id: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' } },
      },
      SendMessageRequest: {
        type: 'object',
        additionalProperties: false,
        required: ['text'],
        properties: {
          text: {
            type: 'string',
            minLength: 1,
            maxLength: DEFAULT_MAX_TEXT_CHARS,
            description: 'Not blank; well-formed Unicode; no NUL',
          },
        },
      },
      TurnResult: {
        type: 'object',
        required: ['message', 'usage'],
        properties: {
          message: {
            type: 'object',
            required: ['id', 'role', 'text'],
            properties: { id: { type: 'string' }, role: { const: 'assistant' }, text: { type: 'string' } },
          },
          usage: { type: 'object', required: Object.keys(usageProperties), properties: usageProperties },
        },
      },
      Message: {
        type: 'object',
        required: ['id', 'role', 'text', 'createdAt'],
        properties: {
          id: { type: 'string' },
          role: { enum: ['user', 'assistant'] },
          text: { type: 'string' },
          createdAt: { type: 'string', format: 'date-time' },
        },
      },
      MessagePage: {
        type: 'object',
        required: ['messages', 'nextBefore'],
        properties: { messages: { type: 'array', items: ref('Message') }, nextBefore: { type: ['string', 'null'] } },
      },
      UserUsage: {
        type: 'object',
        required: ['totals', 'windows', 'limits', 'remaining', 'concurrentTurns'],
        properties: {
          totals: {
            type: 'object',
            required: [...Object.keys(usageProperties), 'calls', 'savingPercent'],
            properties: { ...usageProperties, calls: integer, savingPercent: { type: 'number' } },
          },
          windows: {
            type: 'object',
            description: 'Spent in the last 24 hours and 30 days; tokens = input + cache read + cache write + output',
            required: ['day', 'month'],
            properties: Object.fromEntries(['day', 'month'].map((period) => [period, {
              type: 'object',
              required: ['tokens', 'costUSD'],
              properties: { tokens: integer, costUSD: money },
            }])),
          },
          limits: budgetKeyMap('Limits in force (environment merged with the per-user override); absent = no limit'),
          remaining: budgetKeyMap("What is left under each of the user's own (user.*) limits"),
          concurrentTurns: {
            type: 'object',
            required: ['running', 'limit'],
            properties: { running: integer, limit: integer },
          },
        },
      },
      ConsoleConversations: {
        type: 'object',
        required: ['conversations'],
        properties: {
          conversations: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'turns', 'calls', 'costUSD', 'naiveCostUSD', 'savingPercent'],
              properties: {
                id: { type: 'string' },
                title: { type: ['string', 'null'] },
                createdAt: { type: 'string', format: 'date-time' },
                updatedAt: { type: 'string', format: 'date-time' },
                turns: integer,
                calls: integer,
                costUSD: money,
                naiveCostUSD: money,
                savingPercent: { type: 'number' },
              },
            },
          },
        },
      },
      ConsoleTurns: {
        type: 'object',
        required: ['conversation', 'totals', 'turns'],
        properties: {
          conversation: { type: 'object', properties: { id: { type: 'string' }, title: { type: ['string', 'null'] } } },
          totals: {
            type: 'object',
            description: 'Every call of the conversation, as GET /v1/conversations/{id}/usage',
            properties: { ...usageProperties, calls: integer, savingPercent: { type: 'number' } },
          },
          turns: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                index: integer,
                turnId: { type: 'string' },
                status: { enum: ['running', 'complete', 'failed'] },
                startedAt: { type: 'string', format: 'date-time' },
                userText: { type: ['string', 'null'] },
                layers: layerTokens,
                ...usageProperties,
                savingPercent: { type: 'number' },
                cacheMissReason: { type: ['string', 'null'] },
                cumulativeCostUSD: money,
                cumulativeNaiveCostUSD: money,
                calls: {
                  type: 'array',
                  description: 'Every model call of the turn (main, selector, summariser), in order',
                  items: { type: 'object' },
                },
              },
            },
          },
        },
      },
      ConversationUsage: {
        type: 'object',
        required: [
          ...Object.keys(usageProperties),
          'savingPercent',
          'summaryTokens',
          'summaryGaps',
          'unsummarisedMessages',
          'cacheWithheld',
        ],
        properties: {
          ...usageProperties,
          savingPercent: { type: 'number' },
          summaryTokens: integer,
          summaryGaps: { ...integer, description: 'Failed summary updates of this conversation' },
          unsummarisedMessages: {
            ...integer,
            description: 'Messages that left the context without being summarised (the summariser kept failing)',
          },
          cacheWithheld: {
            type: 'array',
            description: 'Cache checkpoints no longer placed because their writes were never read, with the cause',
            items: {
              type: 'object',
              required: ['layer', 'cause', 'unreadWrites', 'since'],
              properties: {
                layer: { enum: [...CACHE_LAYERS] },
                cause: { type: 'string' },
                unreadWrites: integer,
                since: { type: 'string', format: 'date-time' },
              },
            },
          },
        },
      },
    },
  },
} as const;
