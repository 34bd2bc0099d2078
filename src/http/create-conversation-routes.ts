// The /v1/conversations routes: validate, call the ChatService as the authenticated user, shape the answer.
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { pickBilledUsage } from '../pipeline/cost/index.ts';
import type { Logger } from '../logger.ts';
import type { ChatService } from '../turn/chat-service.ts';
import type { AppEnv } from './app-env.ts';
import { presentTurn } from './present-turn.ts';
import { readJsonBody } from './read-json-body.ts';
import { reportError } from './report-error.ts';
import {
  ConversationIdSchema,
  CreateConversationBodySchema,
  createSendMessageBodySchema,
  DEFAULT_PAGE_LIMIT,
  IdempotencyKeySchema,
  ListMessagesQuerySchema,
} from './request-schemas.ts';
import { respondWithError } from './respond-with-error.ts';
import { streamTurn } from './stream-turn.ts';

export type ConversationRoutesOptions = {
  readonly chat: ChatService | undefined;
  readonly logger: Logger;
  readonly maxTextChars: number;
};

type RouteHandler = (c: Context<AppEnv>, chat: ChatService, conversationId: string) => Promise<Response>;

/** Mounted at /v1/conversations behind auth. Every service call carries the token's `sub` as userId. */
export function createConversationRoutes(options: ConversationRoutesOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const sendMessageBodySchema = createSendMessageBodySchema(options.maxTextChars);

  /** Refuses when no service is wired, and answers 404 for ids that cannot exist. */
  const withConversation = (handler: RouteHandler) => async (c: Context<AppEnv>) => {
    if (options.chat === undefined) {
      return respondWithError(c, {
        code: 'service_unavailable',
        message: 'the chat service is not configured on this server',
      });
    }
    const id = c.req.param('id') ?? '';
    if (!v.is(ConversationIdSchema, id)) {
      return respondWithError(c, { code: 'not_found', message: 'conversation not found' });
    }
    return handler(c, options.chat, id);
  };

  routes.post('/', async (c) => {
    if (options.chat === undefined) {
      return respondWithError(c, {
        code: 'service_unavailable',
        message: 'the chat service is not configured on this server',
      });
    }
    const body = await readJsonBody(c.req, CreateConversationBodySchema, {
      optional: true,
      example: '{"title": "Trip to Lisbon"}',
    });
    if (!body.ok) return respondWithError(c, body.reply);
    const created = await options.chat.createConversation({
      userId: c.get('userId'),
      ...(body.value.title === undefined ? {} : { title: body.value.title }),
    });
    return c.json({ id: created.id, createdAt: created.createdAt }, 201);
  });

  routes.post(
    '/:id/messages',
    withConversation(async (c, chat, conversationId) => {
      const idempotencyKey = c.req.header('idempotency-key');
      if (idempotencyKey !== undefined) {
        const checked = v.safeParse(IdempotencyKeySchema, idempotencyKey);
        if (!checked.success) return respondWithError(c, { code: 'bad_request', message: checked.issues[0].message });
      }
      const body = await readJsonBody(c.req, sendMessageBodySchema, { example: '{"text": "Hello"}' });
      if (!body.ok) return respondWithError(c, body.reply);
      const input = {
        userId: c.get('userId'),
        conversationId,
        text: body.value.text,
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
        runInBackground: (task: Promise<unknown>) => keepAlive(c, task),
      };
      if (/\btext\/event-stream\b/i.test(c.req.header('accept') ?? '')) {
        return streamTurn({
          start: (onEvent) => chat.sendMessage({ ...input, onEvent }),
          requestId: c.get('requestId'),
          keepAlive: (work) => keepAlive(c, work),
          reportError: (error) => reportError(options.logger, error, c.get('requestId')),
        });
      }
      const turn = chat.sendMessage(input);
      keepAlive(c, turn.catch(() => undefined));
      return c.json(presentTurn(await turn), 200);
    }),
  );

  routes.get(
    '/:id/messages',
    withConversation(async (c, chat, conversationId) => {
      for (const name of ['before', 'limit']) {
        if ((c.req.queries(name)?.length ?? 0) > 1) {
          return respondWithError(c, { code: 'bad_request', message: `${name} must be given at most once` });
        }
      }
      const query = v.safeParse(ListMessagesQuerySchema, {
        before: c.req.query('before'),
        limit: c.req.query('limit'),
      });
      if (!query.success) {
        return respondWithError(c, { code: 'bad_request', message: query.issues[0].message });
      }
      const page = await chat.listMessages({
        userId: c.get('userId'),
        conversationId,
        limit: query.output.limit ?? DEFAULT_PAGE_LIMIT,
        ...(query.output.before === undefined ? {} : { before: query.output.before }),
      });
      const messages = page.messages.map((m) => ({ id: m.id, role: m.role, text: m.text, createdAt: m.createdAt }));
      return c.json({ messages, nextBefore: page.nextBefore }, 200);
    }),
  );

  routes.get(
    '/:id/usage',
    withConversation(async (c, chat, conversationId) => {
      const usage = await chat.getUsage({ userId: c.get('userId'), conversationId });
      return c.json({
        ...pickBilledUsage(usage),
        savingPercent: usage.savingPercent,
        summaryTokens: usage.summaryTokens,
        summaryGaps: usage.summaryGaps,
        unsummarisedMessages: usage.unsummarisedMessages,
        cacheWithheld: usage.cacheWithheld,
      }, 200);
    }),
  );

  routes.delete(
    '/:id',
    withConversation(async (c, chat, conversationId) => {
      await chat.deleteConversation({ userId: c.get('userId'), conversationId });
      return c.body(null, 204);
    }),
  );

  return routes;
}

/** On Workers the turn must outlive a client that hung up; elsewhere the process keeps running anyway. */
function keepAlive(c: Context<AppEnv>, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context outside Workers.
  }
}
