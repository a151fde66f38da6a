// A server protected with OAuth: every request needs an access token from the
// authorization server, and `delete_note` needs one more scope. Try it with the
// development authorization server (not for production):
//   npx mcpkit auth-server --port 9000 --auto-approve
//   node examples/auth.js   (after building)
import { jwtVerifier } from 'mcpkit/http';
import { serveHttp } from 'mcpkit/node';
import { isAuthInfo, McpServer } from 'mcpkit/server';

const issuer = process.env['ISSUER'] ?? 'http://127.0.0.1:9000';

const server = new McpServer({ name: 'example-auth', version: '1.0.0' });
server.tool({ name: 'whoami', description: 'Who the access token is for' }, (_args, ctx) =>
  isAuthInfo(ctx.auth) ? `${ctx.auth.subject ?? ctx.auth.clientId ?? 'someone'} with ${ctx.auth.scopes.join(' ')}` : 'nobody',
);
server.tool({ name: 'delete_note', description: 'Deletes a note (needs notes:write)' }, () => 'deleted');

const http = await serveHttp(server, {
  port: 3000,
  auth: {
    verifier: jwtVerifier({ issuer }), // keys from the issuer's jwks_uri
    authorizationServers: [issuer],
    requiredScopes: ['notes:read'],
    scopes: { tools: { delete_note: ['notes:write'] } },
    // resource: 'https://notes.example.com/mcp',  // behind a proxy: the public URL (the tokens' audience)
  },
});
console.log(`Protected MCP endpoint: ${http.url}`);
