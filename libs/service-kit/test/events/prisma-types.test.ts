// Compile-time check that outboxRecord() fits a Prisma `Json` column without casts.
import { expectTypeOf, it } from 'vitest';
import type { InputJsonValue } from '@prisma/client/runtime/client';
import type { OutboxRecord } from '../../src/events/outbox';

it('outbox payload is assignable to Prisma InputJsonValue', () => {
  expectTypeOf<OutboxRecord['payload']>().toExtend<InputJsonValue>();
});
