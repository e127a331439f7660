import type { UserRegisteredPayload } from '@vere/contracts';
import { levelProgress, type LevelProgress } from '@vere/domain';
import { AppError } from '@vere/service-kit';
import type { Prisma, PrismaClient } from './generated/prisma/client';

export class Players {
  constructor(private readonly prisma: PrismaClient) {}

  /** Effect of identity.user.registered.v1: a new player at 0 XP. Idempotent by primary key too. */
  static async register(tx: Prisma.TransactionClient, e: UserRegisteredPayload): Promise<void> {
    await tx.player.upsert({
      where: { userId: e.userId },
      create: { userId: e.userId, name: e.name, username: e.username },
      update: {},
    });
  }

  async progress(userId: string): Promise<LevelProgress> {
    const player = await this.prisma.player.findUnique({ where: { userId }, select: { totalXp: true } });
    if (!player) {
      throw new AppError('PLAYER_NOT_FOUND', 'Your player profile is being set up. Try again in a moment.');
    }
    return levelProgress(player.totalXp);
  }
}
