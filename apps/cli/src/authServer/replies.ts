/**
 * Response helpers of the dev authorization server: JSON (token responses
 * are never cached, RFC 6749 §5.1), OAuth errors, redirects, pages.
 *
 * @module
 */

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache', ...headers },
  });
}

/** An OAuth error response (RFC 6749 §5.2). */
export function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}): Response {
  return json(status, { error, error_description: description }, headers);
}

/** A redirect. */
export function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
}

/** Escapes text for HTML. */
export function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

/**
 * An HTML page (the consent page, or an error the user must see because
 * redirecting would be unsafe). `formTargets` are the CSP `form-action`
 * sources besides 'self': Chromium applies `form-action` to the redirects
 * that follow a form's submission too, so the consent page lists the
 * origin of the redirect URI its answer goes to.
 */
export function page(status: number, title: string, body: string, formTargets: readonly string[] = []): Response {
  const text = `<!doctype html><html><head><meta charset="utf-8"><title>${html(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}
.warn{background:#fff3cd;border:1px solid #e0c36c;padding:.5rem .75rem}button{font-size:1rem;margin-right:.5rem}</style>
</head><body><p class="warn">mcpkit development authorization server: for tests and local work only, never for production.</p>
<h1>${html(title)}</h1>${body}</body></html>`;
  return new Response(text, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${["'self'", ...formTargets].join(' ')}`,
    },
  });
}

/** The fields of an `application/x-www-form-urlencoded` body; a repeated field is refused (RFC 6749 §3.1). */
export async function formOf(request: Request): Promise<Map<string, string> | string> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded'))
    return 'the body must be application/x-www-form-urlencoded';
  return fieldsOf(new URLSearchParams(await request.text()));
}

/** Parameters, each at most once. */
export function fieldsOf(params: URLSearchParams): Map<string, string> | string {
  const fields = new Map<string, string>();
  for (const [key, value] of params) {
    if (fields.has(key)) return `the parameter ${key} is repeated`;
    fields.set(key, value);
  }
  return fields;
}

/**
 * The CSP source that matches `uri`: its origin for http(s), its scheme for a
 * private-use one (RFC 8252 §7.1: `com.example.app:/callback`). Undefined for
 * anything a CSP source cannot express safely.
 */
export function cspSourceOf(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
  return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) ? url.protocol : undefined;
}
