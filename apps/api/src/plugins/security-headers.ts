import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The headers `@fastify/helmet` sets with `options`, computed once: a throwaway Fastify instance
 * with the plugin answers one injected request, and every header it adds over the same instance
 * without the plugin is kept (name → value). Without nonces they never depend on the request.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(fastifyHelmet, options);
    probe.get('/', async () => 'ok');
    const res = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return res.headers;
  };
  const bare = await answer(false);
  const helmeted = await answer(true);
  return Object.entries(helmeted)
    .filter(([name, value]) => typeof value === 'string' && bare[name] !== value)
    .map(([name, value]) => [name, String(value)]);
}

/**
 * Security headers (helmet's, with the app's CSP) on every response, set in one synchronous
 * `onRequest` hook from values computed at start-up (decision 148). `@fastify/helmet` itself
 * rebuilds helmet's middleware — parsing the CSP directives — on every request, through two hooks.
 */
export default fp(
  async (app: FastifyInstance, opts: FastifyHelmetOptions) => {
    const headers = await helmetHeaders(opts);
    app.addHook('onRequest', (_req, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
