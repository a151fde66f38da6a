export {};
//# sourceMappingURL=completion.js.map