// Checked by `typecheck` (tsc), not by a test run: outboxRecord()'s payload fits a Prisma `Json`
// column without casts. A type that stops fitting fails the build here.
import type { InputJsonValue } from '@prisma/client/runtime/client';
import type { OutboxRecord } from '../../src/events/outbox';

export type OutboxPayloadFitsPrismaJson = OutboxRecord['payload'] extends InputJsonValue ? true : never;
export const outboxPayloadFitsPrismaJson: OutboxPayloadFitsPrismaJson = true;
