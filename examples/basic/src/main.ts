import { createTokenProvider, tokenFingerprint } from '@admin-api/auth';
import { connect } from './connection.js';

async function main(): Promise<void> {
  const connection = await connect();
  const { credentials, baseUrl } = connection;
  try {
    if (connection.source === 'emulator') {
      console.log(
        'No ADMIN_API_* variables set: using the embedded emulator (see .env.example for a real store).',
      );
    }
    console.log(`token host:   ${credentials.authUrl}\nGraphQL host: ${baseUrl}\n`);

    const tokens = createTokenProvider(credentials);
    const token = await tokens.getToken();
    console.log(
      `✔ token   ${token.tokenType} ${tokenFingerprint(token.accessToken)}, expires in ${token.expiresIn} s ` +
        `(${new Date(token.expiresAt).toISOString()})`,
    );

    const response = await fetch(new URL('/api/v2/admin/graphql', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.accessToken}` },
      body: JSON.stringify({
        query: 'query GetMe { me { id name storeName scopes } }',
        operationName: 'GetMe',
      }),
    });
    const body = (await response.json()) as {
      data?: { me: Record<string, unknown> };
      errors?: unknown[];
    };
    if (!response.ok || body.errors || !body.data) {
      throw new Error(
        `me failed: HTTP ${response.status} ${JSON.stringify(body.errors ?? body).slice(0, 300)}`,
      );
    }
    console.log(`✔ me      ${JSON.stringify(body.data.me)}`);
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(`✘ ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  process.exitCode = 1;
});
