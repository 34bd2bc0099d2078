// The OpenAPI document's components: the bearer scheme and the request and answer schemas.
import { DEFAULT_MAX_TEXT_CHARS, MAX_TITLE_CHARS } from '../request-schemas.ts';
import { USAGE_SCHEMAS, usageProperties } from './usage-schemas.ts';

/** A reference to the component schema `name`. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The bearer scheme and every schema, in the document's order. */
export const OPENAPI_COMPONENTS = {
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
    ...USAGE_SCHEMAS,
  },
} as const;
