import type { PrismaConfig } from 'prisma/config';
import type { Options } from 'tsup';
import type { ViteUserConfig } from 'vitest/config';

export declare function serviceBundle(): Options;
export declare function servicePrismaConfig(schema: string): PrismaConfig;
export declare function serviceTestConfig(): ViteUserConfig;
