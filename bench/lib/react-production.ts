// Preloaded into a bench's server process (node --import tsx --import this): React chooses its slow development
// build unless process.env.NODE_ENV is 'production' when it is first loaded, and production runs it so. The
// server's own configuration also reads NODE_ENV, and production mode would drop the development outbox the
// bench's organiser reads and add the staging banner to every page, so React is loaded here, in production, and
// NODE_ENV is put back before the server starts. ESM imports of these packages reuse the modules loaded here.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(process.cwd(), 'apps/server/package.json'));
const previous = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) require(name);
if (previous === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = previous;
