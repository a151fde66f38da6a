/** The spec caps one completion response at 100 values. */
const MAX_VALUES = 100;
/** Runs a completer and shapes its answer: at most 100 values, with `total` and `hasMore`. */
export async function complete(completer, value, context) {
    if (completer === undefined)
        return { completion: { values: [] } };
    const all = await completer(value, context);
    const values = all.slice(0, MAX_VALUES);
    return { completion: { values, total: all.length, hasMore: all.length > MAX_VALUES } };
}
/** A completer over a fixed list: the entries that start with what was typed (case-insensitive). */
export function completeFrom(options) {
    return (value) => {
        const prefix = value.toLowerCase();
        return options.filter((o) => o.toLowerCase().startsWith(prefix));
    };
}
//# sourceMappingURL=completion.js.map