import { PlaybookUnlocksSchema } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { QuestsDeps } from '../use-cases/deps';
import { getPlaybookUnlocks } from '../use-cases/playbooks';

export async function playbookRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  app.get(
    '/api/quests/me/playbooks',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['progress'],
        summary: "The playbook slots and which are unlocked (level ≥ the slot's level, or every one for Pro)",
        security: [{ bearer: [] }],
        response: { 200: PlaybookUnlocksSchema, 401: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => getPlaybookUnlocks(deps, request.userId),
  );
}
