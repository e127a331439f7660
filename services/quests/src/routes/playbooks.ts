import { PlaybookUnlocksSchema } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { Clock } from '../clock';
import type { PlayersRepository } from '../repositories/players-repository';
import { getPlaybookUnlocks } from '../use-cases/playbooks';

export async function playbookRoutes(app: ServiceApp, opts: { players: PlayersRepository; clock: Clock }): Promise<void> {
  app.get('/api/quests/me/playbooks', {
    onRequest: app.authenticate,
    schema: {
      tags: ['progress'],
      summary: 'The playbook slots and which are unlocked (level ≥ the slot\'s level, or every one for Pro)',
      security: [{ bearer: [] }],
      response: { 200: PlaybookUnlocksSchema, 401: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } },
    },
  }, async (request) => getPlaybookUnlocks(opts.players, request.userId, opts.clock()));
}
