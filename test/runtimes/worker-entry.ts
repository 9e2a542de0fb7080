import { runChecks } from './run-checks.js';

/** The worker's bindings, declared in config.capnp; the secret is one of them, not in the bundle. */
interface Env {
  ADMIN_API_AUTH_URL: string;
  ADMIN_API_BASE_URL: string;
  ADMIN_API_CLIENT_ID: string;
  ADMIN_API_CLIENT_SECRET: string;
}

/** A module worker: each request runs the checks and answers the report (or the error) as JSON. */
export default {
  async fetch(_request: Request, env: Env): Promise<Response> {
    try {
      const report = await runChecks({
        authUrl: env.ADMIN_API_AUTH_URL,
        baseUrl: env.ADMIN_API_BASE_URL,
        clientId: env.ADMIN_API_CLIENT_ID,
        clientSecret: env.ADMIN_API_CLIENT_SECRET,
      });
      return Response.json(report);
    } catch (error) {
      // The kit's errors carry no secret or token, by contract; the test shows what failed.
      const { name, message, code } = error as Error & { code?: unknown };
      return Response.json({ error: { name, code, message } }, { status: 500 });
    }
  },
};
