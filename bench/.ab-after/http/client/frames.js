/** The parsed message (or batch) in `text`, or the text itself when it is not one. */
export function toFrame(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return text;
    }
    return typeof value === 'object' && value !== null ? value : text;
}
//# sourceMappingURL=frames.js.map