/**
 * A protected MCP resource and its authorization server, in memory: the
 * authorization server answers through a `fetch` function, the resource
 * through an `HttpClient`, the user through an `AuthorizationHandler`. Each
 * part can be made to misbehave, so every refusal of the OAuth client can be
 * shown without a port.
 */
import { createHash } from 'node:crypto';
import type { AuthorizationHandler } from '../../src/auth/index.js';
import type { HttpClient, HttpClientRequest, HttpReply } from '../../src/http/index.js';

export const SERVER = 'https://mcp.example.com/mcp';
export const ISSUER = 'https://as.example.com';
export const REDIRECT = 'http://127.0.0.1:4567/callback';

export interface WorldOptions {
  /** Replaces members of the PRM. */
  prm?: Record<string, unknown>;
  /** Replaces members of the AS metadata. */
  metadata?: Record<string, unknown>;
  /** The challenge of a 401. */
  challenge?: string;
  /** Scopes a token must carry (else 403 insufficient_scope with these). */
  requiredScopes?: string[];
  /** Tampers with the redirect the user agent comes back with. */
  redirect?: (url: URL) => URL;
  /** Token lifetime in seconds. */
  expiresIn?: number;
  /** Issue refresh tokens. */
  refresh?: boolean;
  /** The token endpoint refuses with this OAuth error. */
  tokenError?: string;
  /** Every authenticated request is refused with 403 insufficient_scope. */
  alwaysForbidden?: boolean;
}

interface Issued {
  scopes: string[];
  resource: string | null;
  expiresAt: number;
}

export class FakeWorld {
  readonly options: WorldOptions;
  /** Every AS request, as `METHOD path`. */
  readonly asLog: string[] = [];
  /** The form bodies the token endpoint received. */
  readonly tokenBodies: URLSearchParams[] = [];
  /** The authorization URLs the user was sent to. */
  readonly authorizations: URL[] = [];
  /** Every request the resource (or any other origin) received, with its Authorization header. */
  readonly resourceLog: { url: string; authorization: string | undefined; dpop: string | undefined }[] = [];
  readonly registrations: Record<string, unknown>[] = [];
  readonly tokens = new Map<string, Issued>();
  readonly refreshTokens = new Set<string>();
  #codes = new Map<string, { challenge: string; scope: string | null; resource: string | null; redirect: string }>();
  #n = 0;

  constructor(options: WorldOptions = {}) {
    this.options = options;
  }

  /** The authorization server (and the metadata of the resource), as `fetch`. */
  readonly fetch = (input: string, init: RequestInit): Promise<Response> => Promise.resolve(this.#answer(input, init));

  #answer(input: string, init: RequestInit): Response {
    const url = new URL(input);
    const method = init.method ?? 'GET';
    this.asLog.push(`${method} ${url.origin}${url.pathname}`);
    const json = (status: number, body: unknown): Response =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.href === 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp')
      return json(200, { resource: SERVER, authorization_servers: [ISSUER], ...this.options.prm });
    if (url.origin === ISSUER && url.pathname === '/.well-known/oauth-authorization-server')
      return json(200, {
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/authorize`,
        token_endpoint: `${ISSUER}/token`,
        registration_endpoint: `${ISSUER}/register`,
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
        ...this.options.metadata,
      });
    if (url.origin === ISSUER && url.pathname === '/register') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      this.registrations.push(body);
      return json(201, { ...body, client_id: `client-${this.registrations.length}` });
    }
    if (url.origin === ISSUER && url.pathname === '/token') return this.#token(new URLSearchParams(init.body as string), json);
    return json(404, { error: 'not_found' });
  }

  #token(body: URLSearchParams, json: (status: number, body: unknown) => Response): Response {
    this.tokenBodies.push(body);
    if (this.options.tokenError !== undefined) return json(400, { error: this.options.tokenError, error_description: 'no' });
    let scope: string | null;
    let resource = body.get('resource');
    if (body.get('grant_type') === 'authorization_code') {
      const code = this.#codes.get(body.get('code') ?? '');
      if (code === undefined) return json(400, { error: 'invalid_grant' });
      const verifier = createHash('sha256')
        .update(body.get('code_verifier') ?? '')
        .digest('base64url');
      if (verifier !== code.challenge || body.get('redirect_uri') !== code.redirect) return json(400, { error: 'invalid_grant' });
      scope = code.scope;
      resource = code.resource;
    } else if (body.get('grant_type') === 'refresh_token') {
      if (!this.refreshTokens.has(body.get('refresh_token') ?? '')) return json(400, { error: 'invalid_grant' });
      scope = body.get('scope');
    } else scope = body.get('scope');
    const token = `access-${++this.#n}`;
    const expiresIn = this.options.expiresIn ?? 3600;
    this.tokens.set(token, {
      scopes: scope === null ? [] : scope.split(' '),
      resource,
      expiresAt: Date.now() + expiresIn * 1000,
    });
    const refresh = this.options.refresh === true ? `refresh-${this.#n}` : undefined;
    if (refresh !== undefined) this.refreshTokens.add(refresh);
    return json(200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: expiresIn,
      ...(scope === null ? {} : { scope }),
      ...(refresh === undefined ? {} : { refresh_token: refresh }),
    });
  }

  /** The user: approves at once, redirecting back with a code (as the options tamper with it). */
  readonly handler: AuthorizationHandler = {
    redirectUri: () => REDIRECT,
    authorize: (url) => {
      this.authorizations.push(url);
      const q = url.searchParams;
      const code = `code-${this.authorizations.length}`;
      this.#codes.set(code, {
        challenge: q.get('code_challenge') ?? '',
        scope: q.get('scope'),
        resource: q.get('resource'),
        redirect: q.get('redirect_uri') ?? '',
      });
      const back = new URL(q.get('redirect_uri') ?? REDIRECT);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      back.searchParams.set('iss', ISSUER);
      return Promise.resolve(this.options.redirect?.(back) ?? back);
    },
  };

  /** The resource: 401 without a valid token, 403 without the required scopes, else 200. */
  readonly resource: HttpClient = {
    request: (request: HttpClientRequest): Promise<HttpReply> => {
      const authorization = request.headers['authorization'];
      this.resourceLog.push({ url: request.url.href, authorization, dpop: request.headers['dpop'] });
      const token = /^(?:Bearer|DPoP) (.+)$/.exec(authorization ?? '')?.[1];
      const issued = token === undefined ? undefined : this.tokens.get(token);
      const challenge =
        this.options.challenge ?? `Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"`;
      if (issued === undefined || issued.expiresAt < Date.now())
        return Promise.resolve(reply(401, { 'www-authenticate': challenge }));
      const required = this.options.requiredScopes ?? [];
      if (this.options.alwaysForbidden === true || required.some((s) => !issued.scopes.includes(s)))
        return Promise.resolve(
          reply(403, { 'www-authenticate': `Bearer error="insufficient_scope", scope="${required.join(' ')}"` }),
        );
      return Promise.resolve(reply(200, {}));
    },
  };
}

function reply(status: number, headers: Record<string, string>): HttpReply {
  return {
    status,
    statusText: '',
    url: SERVER,
    header: (name) => headers[name],
    text: () => Promise.resolve(''),
    read: () => Promise.resolve(),
    cancel: () => undefined,
  };
}

/** A POST to the resource, as the transports send one. */
export function post(url: string = SERVER): HttpClientRequest {
  return {
    method: 'POST',
    url: new URL(url),
    headers: { 'content-type': 'application/json' },
    body: '{}',
    signal: new AbortController().signal,
  };
}
