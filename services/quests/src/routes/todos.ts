import {
  CompleteTodoBodySchema,
  CompleteTodoResultSchema,
  TodoListSchema,
  TodoParamsSchema,
  type CompleteTodoBody,
  type TodoParams,
} from '@vere/contracts';
import { errorResponses, type ServiceApp } from '@vere/service-kit';
import type { QuestsDeps } from '../use-cases/deps';
import { completeTodo, deleteTodo, listTodos } from '../use-cases/todos';

const errors = errorResponses(400, 401, 404, 409);

export async function todoRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  app.get(
    '/api/quests/me/todos',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['todos'],
        summary: "Today's open to-dos and those completed today (the user's local day)",
        security: [{ bearer: [] }],
        response: { 200: TodoListSchema, ...errors },
      },
    },
    async (request) => listTodos(deps, request.userId),
  );

  app.post<{ Params: TodoParams; Body: CompleteTodoBody }>(
    '/api/quests/me/todos/:id/complete',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['todos'],
        summary: 'Complete a to-do with proof; awards its XP once',
        security: [{ bearer: [] }],
        params: TodoParamsSchema,
        body: CompleteTodoBodySchema,
        response: { 200: CompleteTodoResultSchema, ...errors },
      },
    },
    async (request) => completeTodo(deps, request.userId, request.params.id, request.body),
  );

  app.delete<{ Params: TodoParams }>(
    '/api/quests/me/todos/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['todos'],
        summary: 'Delete a to-do',
        security: [{ bearer: [] }],
        params: TodoParamsSchema,
        response: { 204: { type: 'null' }, ...errors },
      },
    },
    async (request, reply) => {
      await deleteTodo(deps, request.userId, request.params.id);
      return reply.status(204).send();
    },
  );
}
