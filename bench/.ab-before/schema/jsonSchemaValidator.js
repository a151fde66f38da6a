const SHOWN = 3;
/** One concise line for messages: the first few issues, `path: message`, then how many more. */
export function formatIssues(issues) {
    if (issues.length === 0)
        return 'invalid value';
    const shown = issues.slice(0, SHOWN).map((issue) => `${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`);
    const more = issues.length > SHOWN ? ` (and ${issues.length - SHOWN} more)` : '';
    return shown.join('; ') + more;
}
/** Builds a JSON Pointer from path segments, escaping `~` and `/` (RFC 6901). */
export function toPointer(segments) {
    let pointer = '';
    for (const segment of segments)
        pointer += '/' + String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
    return pointer;
}
//# sourceMappingURL=jsonSchemaValidator.js.map