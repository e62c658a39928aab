import { parseArgs } from 'node:util';
import { RegisterAdminRequestSchema } from '@agencia/shared';
import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createAdmin } from '../modules/auth/auth.service.js';

/**
 * `npm run create-admin -- --email a@b.do --password '…' [--first-name X --last-name Y]`:
 * creates an admin on the configured database (DATA_DIR or DATABASE_URL), for real
 * installs without the demo. Exits 1 with a message on invalid input or a taken email.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: 'Administrador' },
      'last-name': { type: 'string', default: 'Principal' },
    },
  });
  const parsed = RegisterAdminRequestSchema.safeParse({
    email: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
    console.error("Uso: npm run create-admin -- --email admin@empresa.do --password 'ClaveSegura123'");
    process.exit(1);
  }
  const config = loadConfigOrExit();
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolMax: config.dbPoolMax }
      : { dataDir: `${config.dataDir}/pglite` },
  );
  try {
    await database.migrate();
    const user = await createAdmin({
      db: database.db,
      input: parsed.data,
      ctx: { actorId: null, ip: 'cli' },
    });
    console.info(`Administrador creado: ${user.email} (${user._id})`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

void main();
