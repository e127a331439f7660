import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError, TOKEN_AUDIENCE_SERVICES, serviceAudience } from '@vere/service-kit';
import { createSigner } from 'fast-jwt';
import type { PrismaClient } from './generated/prisma/client';
import type { SigningKeys } from './signing-keys';

export interface IssuedSession {
  accessToken: string;
  expiresIn: number;
  /** Cookie value: `<token id>.<secret>`. */
  refreshToken: string;
  refreshExpiresAt: Date;
  userId: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function parseRefreshToken(value: string): { id: string; secret: string } | undefined {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(value);
  return match ? { id: match[1]!, secret: match[2]! } : undefined;
}

/** Access tokens (short-lived ES256 JWTs) and rotating refresh tokens with reuse detection. */
export class Sessions {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly keys: SigningKeys,
    private readonly opts: { issuer: string; accessTtlSeconds: number; refreshTtlDays: number },
  ) {}

  private signAccessToken(userId: string): string {
    const { kid, privatePem } = this.keys.current;
    const sign = createSigner({
      algorithm: 'ES256', key: privatePem, kid, iss: this.opts.issuer, expiresIn: this.opts.accessTtlSeconds * 1000,
      aud: TOKEN_AUDIENCE_SERVICES.map(serviceAudience),
    });
    return sign({ sub: userId });
  }

  private async issue(userId: string, familyId: string): Promise<IssuedSession> {
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const refreshExpiresAt = new Date(Date.now() + this.opts.refreshTtlDays * 86_400_000);
    await this.prisma.refreshToken.create({
      data: { id, familyId, userId, secretHash: sha256(secret), expiresAt: refreshExpiresAt },
    });
    return {
      accessToken: this.signAccessToken(userId),
      expiresIn: this.opts.accessTtlSeconds,
      refreshToken: `${id}.${secret}`,
      refreshExpiresAt,
      userId,
    };
  }

  start(userId: string): Promise<IssuedSession> {
    return this.issue(userId, randomUUID());
  }

  /**
   * Exchanges a refresh token for a new one in the same family. The swap is one conditional
   * UPDATE, so two concurrent refreshes with the same token cannot both win; the loser, like any
   * later replay, is treated as reuse and ends the whole family.
   */
  async rotate(cookieValue: string | undefined): Promise<IssuedSession> {
    const expired = () => new AppError('SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
    const parsed = cookieValue ? parseRefreshToken(cookieValue) : undefined;
    if (!parsed) throw expired();
    const row = await this.prisma.refreshToken.findUnique({ where: { id: parsed.id } });
    if (!row) throw expired();
    const given = Buffer.from(sha256(parsed.secret));
    if (!timingSafeEqual(given, Buffer.from(row.secretHash))) throw expired();

    const now = new Date();
    const claimed = await this.prisma.refreshToken.updateMany({
      where: { id: row.id, replacedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { replacedAt: now },
    });
    if (claimed.count !== 1) {
      if (row.replacedAt || row.revokedAt) await this.revokeFamily(row.familyId);
      throw expired();
    }
    return this.issue(row.userId, row.familyId);
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.prisma.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } });
  }

  /** Sign-out: ends the family of the presented token, if it is a real one. */
  async end(cookieValue: string | undefined): Promise<void> {
    const parsed = cookieValue ? parseRefreshToken(cookieValue) : undefined;
    if (!parsed) return;
    const row = await this.prisma.refreshToken.findUnique({ where: { id: parsed.id } });
    if (row && timingSafeEqual(Buffer.from(sha256(parsed.secret)), Buffer.from(row.secretHash))) {
      await this.revokeFamily(row.familyId);
    }
  }
}
