// Child process for the concurrency test: one migrateDeploy() call, result as JSON on stdout.
import { migrateDeploy } from '../src/index.mjs';

const [databaseUrl, schemaPath] = process.argv.slice(2);
const result = await migrateDeploy({ databaseUrl, schemaPath });
process.stdout.write(JSON.stringify(result));
