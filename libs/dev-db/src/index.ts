export { freePort, runningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';
export { createTestDatabase, type TestDatabase, type TestDatabaseTemplate } from './test-database';
export { natsTarget, startTcpProxy, type TcpProxy } from './tcp-proxy';
