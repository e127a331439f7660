import type { PrismaConfig } from 'prisma/config';
import type { Options } from 'tsup';

export declare function serviceBundle(): Options;
export declare function servicePrismaConfig(schema: string): PrismaConfig;
